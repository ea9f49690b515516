// The signed-in user's own security: overview, password, notice address, authenticator app, passkeys, sessions.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AccountSecurity, NoticeEmailInput, Passkey, PasswordChangeInput, StaffSession } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { toastError, useToastMutation } from '../common/mutations';
import { sessionKey } from '../session';
import { accountTexts as t } from './texts';

const accountKey = ['/api/account'] as const;
const sessionsKey = ['/api/auth/sessions'] as const;

export const useAccountSecurity = () => useQuery<AccountSecurity>({ queryKey: accountKey, refetchOnMount: true });
export const useSessions = () => useQuery<StaffSession[]>({ queryKey: sessionsKey, refetchOnMount: true });

/** After a change that may settle what the account owed (a password, a factor): ask /me again. */
const owedSteps = [accountKey, sessionKey, sessionsKey];

export function useChangePassword() {
  return useToastMutation({
    mutationFn: (input: PasswordChangeInput) => apiJson<AccountSecurity>('POST', '/api/account/password', input),
    invalidates: owedSteps,
    success: () => ({ title: t.passwordChanged, description: t.passwordChangedDescription }),
    error: t.passwordError,
  });
}

export function useSaveNoticeEmail() {
  return useToastMutation({
    mutationFn: (input: NoticeEmailInput) => apiJson<AccountSecurity>('PUT', '/api/account/notice-email', input),
    invalidates: [accountKey],
    success: t.noticeSaved,
    error: t.noticeError,
  });
}

/** An admin's weekly summary by e-mail, on or off. */
export function useSaveWeeklySummary() {
  return useToastMutation({
    mutationFn: (weeklySummary: boolean) => apiJson<AccountSecurity>('PUT', '/api/account/weekly-summary', { weeklySummary }),
    invalidates: [accountKey],
    success: (account) => ({ title: account.weeklySummary ? t.weeklyOn : t.weeklyOff }),
    error: t.weeklyError,
  });
}

export type TotpSetup = { secret: string; uri: string; qr: string };

/** A new secret and its QR code, once the password is confirmed; nothing changes on the account until a first code confirms it. */
export function useStartTotp() {
  return useMutation({
    mutationFn: (password: string) => apiJson<TotpSetup>('POST', '/api/auth/totp', { password }),
    onError: (error) => toastError(t.totpError, error),
  });
}

export function useConfirmTotp() {
  return useToastMutation({
    mutationFn: (code: string) => apiJson<{ recoveryCodes: string[] }>('POST', '/api/auth/totp/confirm', { code }),
    invalidates: owedSteps,
    success: t.totpEnabled,
    error: t.totpError,
  });
}

export function useDisableTotp() {
  return useToastMutation({
    mutationFn: (password: string) => apiJson<AccountSecurity>('POST', '/api/auth/totp/disable', { password }),
    invalidates: owedSteps,
    success: t.totpDisabled,
    error: t.disableError,
  });
}

export function useAddPasskey() {
  return useToastMutation({
    mutationFn: async (password: string) => {
      const { startRegistration, browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) throw new Error(t.passkeyUnsupported);
      const optionsJSON = await apiJson<Parameters<typeof startRegistration>[0]['optionsJSON']>('POST', '/api/auth/passkeys/options', { password });
      const response = await startRegistration({ optionsJSON });
      return apiJson<Passkey>('POST', '/api/auth/passkeys', { response });
    },
    invalidates: owedSteps,
    success: t.passkeyAdded,
    error: t.passkeyError,
  });
}

export function useRemovePasskey() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/auth/passkeys/${encodeURIComponent(id)}`),
    invalidates: owedSteps,
    success: t.passkeyRemoved,
    error: t.passkeyRemoveError,
  });
}

export function useEndSession() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/auth/sessions/${id}`),
    invalidates: [sessionsKey],
    success: t.sessionEnded,
    error: t.sessionError,
  });
}

export function useEndOtherSessions() {
  return useToastMutation({
    mutationFn: () => apiJson<{ ended: number }>('DELETE', '/api/auth/sessions'),
    invalidates: [sessionsKey],
    success: ({ ended }) => ({ title: t.othersEnded(ended) }),
    error: t.sessionError,
  });
}
