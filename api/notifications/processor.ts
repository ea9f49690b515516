// The notifications processor: every event with a notice (notices.ts) becomes one e-mail to staff,
// sent outside the request that recorded it. Retried with backoff for 24 hours by the subscription;
// each attempt and its outcome are stored (state.ts) for the cards. Idempotent: a notice already
// sent is not sent again, and each mail carries a Message-ID made from the event's position. A send is
// claimed in the database first: an instance that takes the processor over while the one that held it
// is still sending (its lock went with a dropped connection, its process lives on) waits and tries
// again later, when the notice shows as sent, instead of mailing it twice.
import { allEventTypes, PermanentFailure, type Processor, type StoredEvent } from '../../events';
import type { Config } from '../config';
import { MailFailure, type Mailer } from './mailer';
import { noticeFor, notices } from './notices';
import type { NoticeStates } from './state';

const sendingElsewhere = 'Otra instancia está enviando este aviso';

export type NotificationsOptions = { config: Config; mailer: Mailer | null; states: NoticeStates; log: (line: string) => void };

export function notificationsProcessor({ config, mailer, states, log }: NotificationsOptions): Processor {
  const host = new URL(config.publicUrl).hostname || 'localhost';
  const recordOf = (event: StoredEvent, kind: string) => ({ position: event.position, streamId: event.streamId, kind });
  // Longer than the longest send: the connection, greeting and each exchange have their own time limit.
  const sendLeaseMs = 4 * config.smtpTimeoutMs + 30_000;
  return {
    name: 'notifications',
    handles: allEventTypes.filter((type) => type in notices),
    retry: config.notifyRetry,
    async handle(event, { attempt }) {
      const notice = noticeFor(event, config);
      if (!notice) return;
      const to = notice.to ?? config.notifyEmail;
      if (!mailer || !to) {
        // The subject names the sender: the log keeps only which notice of which record (no personal data).
        log(`[aviso] ${notice.kind} ${event.streamId} (SMTP_URL/NOTIFY_EMAIL sin configurar: solo se registra)`);
        return;
      }
      if (!(await states.claimSend(event.position, sendLeaseMs))) throw new Error(sendingElsewhere);
      try {
        if ((await states.statusOf(event.position)) === 'sent') return;
        try {
          await mailer.send({ to, subject: notice.subject, text: notice.text, messageId: `<aviso-${event.position}-${event.streamId}@${host}>` });
        } catch (error) {
          const reason = error instanceof MailFailure ? error.reason : String((error as Error)?.message ?? error);
          await states.record({ ...recordOf(event, notice.kind), status: 'pending', attempts: attempt, reason });
          throw error instanceof MailFailure && error.permanent ? new PermanentFailure(reason) : error;
        }
        await states.record({ ...recordOf(event, notice.kind), status: 'sent', attempts: attempt, reason: null });
      } finally {
        // Not let go (the database is gone): the claim runs out by itself.
        await states.releaseSend(event.position).catch(() => {});
      }
    },
    async gaveUp(event, error, { attempt }) {
      const notice = noticeFor(event, config);
      if (!notice) return;
      const reason = error instanceof Error ? error.message : String(error);
      await states.record({ ...recordOf(event, notice.kind), status: 'failed', attempts: attempt, reason });
    },
  };
}
