// The line a card shows about the staff e-mail notice of its record: sent, pending (retry N) or
// failed with its reason. Records from before notices, or with mail off, carry none and show nothing.
import { MailCheck, MailWarning, MailX } from 'lucide-react';
import { noticeLabel, type NoticeState } from '../../../../domain';

const look = {
  sent: { Icon: MailCheck, className: 'text-emerald-700' },
  pending: { Icon: MailWarning, className: 'text-amber-700' },
  failed: { Icon: MailX, className: 'text-red-700' },
} as const;

/** `of`: any record of a list answer; its `notice` field, when present, is what is shown. */
export function NoticeLine({ of }: { of: object }) {
  const notice = (of as { notice?: NoticeState | null }).notice;
  if (!notice) return null;
  const { Icon, className } = look[notice.status];
  return (
    <p className={`flex items-center gap-1.5 text-sm ${className}`}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {noticeLabel(notice)}
    </p>
  );
}
