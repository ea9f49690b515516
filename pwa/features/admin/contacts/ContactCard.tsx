// One message: status badge ('Inglés' too when sent from the English pages), sender details, the
// text, response times, the notice line, internal notes with a form to add one, replies by e-mail or
// WhatsApp, and the status and delete actions
// (domain's canChangeStatus: 'Marcar como leído' only when unread).
import { useState, type FormEvent } from 'react';
import { Check, CheckCheck, Mail, MessageCircle } from 'lucide-react';
import {
  canChangeStatus,
  contactStatusLabel,
  formatDateTime,
  formatDuration,
  replySubject,
  whatsappGreeting,
  whatsappNumber,
  type ContactMessage,
  type ContactStatus,
} from '../../../../domain';
import { useSite, whatsappLink } from '../../../lib/site';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-styles';
import { TextArea } from '../../../ui/TextArea';
import { DeleteAction } from '../common/DeleteAction';
import { LanguageBadge } from '../common/LanguageBadge';
import { NoticeLine } from '../common/NoticeLine';
import { RecordCard } from '../common/RecordCard';
import { HistoryAction } from '../history/HistoryAction';
import { contactsTexts as t } from '../texts';
import { useAddContactNote, useChangeContactStatus, useDeleteContactMessage } from './api';

const statusBadge: Record<ContactStatus, BadgeVariant> = { unread: 'warning', read: 'default', resolved: 'success' };

export function ContactCard({ message }: { message: ContactMessage }) {
  const { siteName } = useSite();
  const changeStatus = useChangeContactStatus();
  const remove = useDeleteContactMessage();
  const pendingStatus = changeStatus.isPending ? changeStatus.variables?.status : null;
  const whatsapp = whatsappNumber(message.phone);
  return (
    <RecordCard
      label={message.name}
      title={message.name}
      badges={
        <>
          <Badge variant={statusBadge[message.status]}>{contactStatusLabel[message.status]}</Badge>
          <LanguageBadge language={message.language} />
        </>
      }
      actions={
        <>
          {canChangeStatus(message.status, 'read') && (
            <Button
              variant="outline"
              size="sm"
              onPress={() => changeStatus.mutate({ id: message.id, status: 'read' })}
              isPending={pendingStatus === 'read'}
              isDisabled={changeStatus.isPending}
            >
              <Check className="size-4" aria-hidden="true" />
              {t.markRead}
            </Button>
          )}
          {canChangeStatus(message.status, 'resolved') && (
            <Button
              variant="outline"
              size="sm"
              onPress={() => changeStatus.mutate({ id: message.id, status: 'resolved' })}
              isPending={pendingStatus === 'resolved'}
              isDisabled={changeStatus.isPending}
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              {t.markResolved}
            </Button>
          )}
          <a href={`mailto:${message.email}?subject=${encodeURIComponent(replySubject(siteName))}`} className={buttonClass('outline', 'sm')}>
            <Mail className="size-4" aria-hidden="true" />
            {t.replyEmail}
          </a>
          {whatsapp && (
            <a
              href={whatsappLink(whatsapp, whatsappGreeting(message.name, siteName))}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('outline', 'sm')}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              {t.replyWhatsapp}
            </a>
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
        {message.readAfterMs !== null && <> · {t.readAfter(formatDuration(message.readAfterMs))}</>}
        {message.resolvedAfterMs !== null && <> · {t.resolvedAfter(formatDuration(message.resolvedAfterMs))}</>}
      </p>
      <NoticeLine of={message} />
      <p className="rounded-md bg-slate-50 p-3 whitespace-pre-wrap text-slate-800">{message.message}</p>
      <Notes message={message} />
    </RecordCard>
  );
}

function Notes({ message }: { message: ContactMessage }) {
  const [text, setText] = useState('');
  // The form is drawn only once the notes are opened: a page holds up to 50 cards.
  const [open, setOpen] = useState(message.notes.length > 0);
  const addNote = useAddContactNote();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    addNote.mutate({ id: message.id, text }, { onSuccess: () => setText('') });
  };
  return (
    <details className="rounded-md border border-slate-200 p-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-slate-900">
        {t.notesTitle} ({message.notes.length})
      </summary>
      <p className="mt-1 text-xs text-slate-500">{t.notesHint}</p>
      {message.notes.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {message.notes.map((note, index) => (
            <li key={index} className="rounded bg-amber-50 p-2">
              <p className="whitespace-pre-wrap text-slate-800">{note.text}</p>
              <p className="text-xs text-slate-500">{t.noteBy(note.author, formatDateTime(note.at))}</p>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
          <TextArea label={t.noteLabel} rows={2} value={text} onChange={setText} />
          <div>
            <Button type="submit" size="sm" variant="outline" isPending={addNote.isPending} isDisabled={!text.trim()}>
              {t.addNote}
            </Button>
          </div>
        </form>
      )}
    </details>
  );
}
