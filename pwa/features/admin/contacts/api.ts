// Contact messages: the list with its total, status changes (domain's canChangeStatus rule) and erasure.
import type { ContactMessage, ContactStatus } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { useToastMutation } from '../common/mutations';
import { usePagedList } from '../common/paged';
import { contactsTexts as t } from '../texts';

export const contactMessagesKey = ['/api/contact/messages'] as const;

export const useContactMessages = () => usePagedList<ContactMessage>(contactMessagesKey[0]);

export function useChangeContactStatus() {
  return useToastMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) => apiJson<ContactMessage>('PATCH', `/api/contact/${id}/status`, { status }),
    invalidates: [contactMessagesKey],
    success: t.statusUpdated,
    error: t.statusError,
  });
}

export function useDeleteContactMessage() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/contact/${id}`),
    invalidates: [contactMessagesKey],
    success: t.deleted,
    error: t.deleteError,
  });
}
