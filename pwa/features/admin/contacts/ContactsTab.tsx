// 'Mensajes de Contacto': the count, and each message with its status badge and the actions its
// status allows (domain's canChangeStatus: 'Marcar como leído' only when unread).
import { Check, CheckCheck } from 'lucide-react';
import { canChangeStatus, contactStatusLabel, formatDateTime, type ContactMessage, type ContactStatus } from '../../../../domain';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DeleteAction } from '../common/DeleteAction';
import { RecordCard } from '../common/RecordCard';
import { ListState, LoadMore, SectionHeader } from '../common/states';
import { HistoryAction } from '../history/HistoryAction';
import { contactsTexts as t } from '../texts';
import { useChangeContactStatus, useContactMessages, useDeleteContactMessage } from './api';

const statusBadge: Record<ContactStatus, BadgeVariant> = { unread: 'warning', read: 'default', resolved: 'success' };

export function ContactsTab() {
  const messages = useContactMessages();
  return (
    <section aria-labelledby="contacts-title">
      <SectionHeader id="contacts-title" title={t.title} subtitle={messages.data ? t.count(messages.total) : undefined} />
      <ListState isPending={messages.isPending} error={messages.error} isEmpty={messages.items.length === 0} emptyText={t.empty} onRetry={() => void messages.refetch()}>
        <div className="grid gap-4">
          {messages.items.map((message) => (
            <ContactCard key={message.id} message={message} />
          ))}
        </div>
        <LoadMore hasMore={messages.hasNextPage} isLoading={messages.isFetchingNextPage} onLoad={() => void messages.fetchNextPage()} />
      </ListState>
    </section>
  );
}

function ContactCard({ message }: { message: ContactMessage }) {
  const changeStatus = useChangeContactStatus();
  const remove = useDeleteContactMessage();
  const pendingStatus = changeStatus.isPending ? changeStatus.variables?.status : null;
  return (
    <RecordCard
      label={message.name}
      title={message.name}
      badges={<Badge variant={statusBadge[message.status]}>{contactStatusLabel[message.status]}</Badge>}
      actions={
        <>
          {canChangeStatus(message.status, 'read') && (
            <Button variant="outline" size="sm" onPress={() => changeStatus.mutate({ id: message.id, status: 'read' })} isPending={pendingStatus === 'read'} isDisabled={changeStatus.isPending}>
              <Check className="size-4" aria-hidden="true" />
              {t.markRead}
            </Button>
          )}
          {canChangeStatus(message.status, 'resolved') && (
            <Button variant="outline" size="sm" onPress={() => changeStatus.mutate({ id: message.id, status: 'resolved' })} isPending={pendingStatus === 'resolved'} isDisabled={changeStatus.isPending}>
              <CheckCheck className="size-4" aria-hidden="true" />
              {t.markResolved}
            </Button>
          )}
          <HistoryAction recordId={message.id} recordName={message.name} />
          <DeleteAction message={t.confirmDelete(message.name)} onDelete={() => remove.mutateAsync(message.id)} isPending={remove.isPending} />
        </>
      }
    >
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={`mailto:${message.email}`} className="text-accent-700 underline underline-offset-2">
          {message.email}
        </a>
        {message.phone && (
          <a href={`tel:${message.phone}`} className="text-accent-700 underline underline-offset-2">
            {message.phone}
          </a>
        )}
      </p>
      <p className="text-slate-500">
        <time dateTime={message.createdAt}>{t.received(formatDateTime(message.createdAt))}</time>
      </p>
      <p className="rounded-md bg-slate-50 p-3 whitespace-pre-wrap text-slate-800">{message.message}</p>
    </RecordCard>
  );
}
