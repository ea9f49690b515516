// Staff's service calls. The list shares its key with the public services page.
import { useQuery } from '@tanstack/react-query';
import type { Service, ServiceInput } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { useToastMutation } from '../common/mutations';
import { servicesTexts as t } from '../texts';

export const servicesKey = ['/api/services'] as const;

export const useAdminServices = () => useQuery<Service[]>({ queryKey: servicesKey, refetchOnMount: true });

export function useCreateService() {
  return useToastMutation({
    mutationFn: (input: ServiceInput) => apiJson<Service>('POST', '/api/services', input),
    invalidates: [servicesKey],
    success: t.created,
    error: t.createError,
  });
}

export function useUpdateService() {
  return useToastMutation({
    mutationFn: ({ id, input }: { id: string; input: ServiceInput }) => apiJson<Service>('PATCH', `/api/services/${id}`, input),
    invalidates: [servicesKey],
    success: t.updated,
    error: t.updateError,
  });
}

export function useDeleteService() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/services/${id}`),
    invalidates: [servicesKey],
    success: t.deleted,
    error: t.deleteError,
  });
}
