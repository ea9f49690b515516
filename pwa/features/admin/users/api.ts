// Staff accounts (admins only): list, create with a role, and PATCH role / password / disabled / second factors.
import { useQuery } from '@tanstack/react-query';
import type { SecuritySettings, User, UserCreateInput, UserPatchInput } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/all-pages';
import { useToastMutation } from '../common/mutations';
import { usersTexts as t } from '../texts';

const usersKey = ['/api/users'] as const;

export const useUsers = () =>
  useQuery<User[]>({ queryKey: usersKey, queryFn: ({ signal }) => fetchAllPages<User>('/api/users', signal), refetchOnMount: true });

export function useCreateUser() {
  return useToastMutation({
    mutationFn: (input: UserCreateInput) => apiJson<User>('POST', '/api/users', input),
    invalidates: [usersKey],
    success: t.created,
    error: t.createError,
  });
}

export function useUpdateUser() {
  return useToastMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatchInput }) => apiJson<User>('PATCH', `/api/users/${id}`, patch),
    invalidates: [usersKey],
    success: (_user, { patch }) => ({ title: patch.password ? t.passwordReset : patch.removeSecondFactors ? t.secondFactorsRemoved : t.updated }),
    error: t.updateError,
  });
}

export function useEndUserSessions() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<{ ended: number }>('DELETE', `/api/users/${id}/sessions`),
    invalidates: [usersKey],
    success: ({ ended }) => ({ title: t.sessionsEnded(ended) }),
    error: t.endSessionsError,
  });
}

const securitySettingsKey = ['/api/settings/security'] as const;
export const useSecuritySettings = () => useQuery<SecuritySettings>({ queryKey: securitySettingsKey, refetchOnMount: true });

export function useSaveSecuritySettings() {
  return useToastMutation({
    mutationFn: (settings: SecuritySettings) => apiJson<SecuritySettings>('PUT', '/api/settings/security', settings),
    invalidates: [securitySettingsKey, usersKey],
    success: t.settingsSaved,
    error: t.settingsError,
  });
}
