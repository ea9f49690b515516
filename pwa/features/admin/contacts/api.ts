// Contact messages: the filtered list with its total, status changes (domain's canChangeStatus rule),
// internal notes, erasure, the CSV export and the response-time figures.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactMessage, ContactStatus, InboxStats } from '../../../../domain';
import { apiJson, apiRequest, toQueryString } from '../../../lib/api';
import { toast } from '../../../ui/toast';
import { toastError, useToastMutation } from '../common/mutations';
import { usePagedList } from '../common/paged';
import { saveFile } from '../common/save-file';
import { contactsTexts as t } from '../texts';

const contactMessagesKey = ['/api/contact/messages'] as const;
const statsKey = ['/api/contact/messages/stats'] as const;

export type InboxFilter = { search: string; status: ContactStatus | 'all' };
const params = (filter: InboxFilter) => ({ search: filter.search.trim(), status: filter.status === 'all' ? undefined : filter.status });

export const useContactMessages = (filter: InboxFilter) => usePagedList<ContactMessage>(contactMessagesKey[0], params(filter));

export const useInboxStats = () =>
  useQuery({ queryKey: statsKey, queryFn: ({ signal }) => apiJson<InboxStats>('GET', statsKey[0], undefined, { signal }), refetchOnMount: true });

export function useChangeContactStatus() {
  return useToastMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) => apiJson<ContactMessage>('PATCH', `/api/contact/${id}/status`, { status }),
    invalidates: [contactMessagesKey, statsKey],
    success: t.statusUpdated,
    error: t.statusError,
  });
}

export function useAddContactNote() {
  return useToastMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => apiJson<ContactMessage>('POST', `/api/contact/${id}/notes`, { text }),
    invalidates: [contactMessagesKey],
    success: t.noteAdded,
    error: t.noteError,
  });
}

export function useDeleteContactMessage() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/contact/${id}`),
    invalidates: [contactMessagesKey, statsKey],
    success: t.deleted,
    error: t.deleteError,
  });
}

/** GET /api/contact/messages/export with the list's filters, saved under the server's file name. */
export function useExportContactMessages() {
  return useMutation({
    mutationFn: async (filter: InboxFilter) => {
      const response = await apiRequest('GET', `/api/contact/messages/export${toQueryString(params(filter))}`, undefined, { headers: { Accept: 'text/csv' } });
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'mensajes.csv';
      saveFile(await response.blob(), name);
    },
    onSuccess: () => toast({ title: t.exported }),
    onError: (error) => toastError(t.exportError, error),
  });
}
