// /api/contact: visitors' messages (repeatable with an Idempotency-Key) and staff's inbox: the
// filtered list, its CSV export, response times, status changes, internal notes and erasure.
import { randomUUID } from 'node:crypto';
import { apiRouter } from './router';
import {
  NotFound,
  calendarDayOf,
  contactListQuery,
  contactMessageInput,
  contactNoteInput,
  contactStatusChange,
  contactStatusLabel,
  formatDateTime,
  inboxExportHeader,
} from '../../domain';
import { contactMessage } from '../../events';
import { idParam, paging, parseBody, parseQuery, runCommand, type AppServices } from '../context';
import { toCsv } from '../csv';
import { idempotencyKey, requestHashOf } from '../idempotency';
import { honeypot } from '../middleware/honeypot';
import { publicWriteLimit } from '../middleware/rate-limit';
import { requireAdmin, requireStaff } from '../auth/access';
import { withNotices } from '../notifications';

const notFound = () => new NotFound('Mensaje no encontrado');
const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(1));

export function contactRoutes(services: AppServices) {
  const router = apiRouter('/api/contact');
  const read = services.read.contact;
  const answer = async (id: string) => {
    const message = await read.byId(id);
    if (!message) throw notFound();
    return (await withNotices(services.notices, [message]))[0];
  };

  router.post('/', publicWriteLimit(services.db, services.config.publicWriteLimit, 'contact'), honeypot, async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = await parseBody(ctx, contactMessageInput);
    const id = key ?? randomUUID();
    const { name, email, phone, message } = input;
    const language = input.language ?? 'es';
    const command = {
      type: 'Receive' as const,
      name,
      email,
      phone,
      message,
      language,
      at: new Date(),
      requestHash: requestHashOf({ name, email, phone, message }),
    };
    // The same submission sent twice at once: the second re-reads the stream and finds the message made.
    await runCommand(services, ctx, contactMessage, id, command, { newStream: !key, retryOnConflict: Boolean(key) });
    ctx.status = 201;
    ctx.body = await answer(id);
  });

  router.get('/messages', requireStaff, async (ctx) => {
    const { limit, offset } = paging(ctx);
    const page = await read.list(parseQuery(ctx, contactListQuery), limit, offset);
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = await withNotices(services.notices, page.items);
  });

  router.get('/messages/stats', requireStaff, async (ctx) => {
    ctx.body = await read.stats();
  });

  router.get('/messages/export', requireStaff, async (ctx) => {
    const messages = await read.all(parseQuery(ctx, contactListQuery));
    const rows = messages.map((m) => [
      formatDateTime(m.createdAt),
      contactStatusLabel[m.status],
      m.name,
      m.email,
      m.phone,
      m.message,
      m.notes.map((note) => `${note.author ?? ''}: ${note.text}`).join(' | '),
      hours(m.readAfterMs),
      hours(m.resolvedAfterMs),
    ]);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`mensajes-${calendarDayOf(new Date())}.csv`);
    ctx.body = toCsv(inboxExportHeader, rows);
  });

  router.patch('/:id/status', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const { status } = await parseBody(ctx, contactStatusChange);
    await runCommand(services, ctx, contactMessage, id, { type: 'ChangeStatus', to: status });
    ctx.body = await answer(id);
  });

  router.post('/:id/notes', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const { text } = await parseBody(ctx, contactNoteInput);
    await runCommand(services, ctx, contactMessage, id, { type: 'AddNote', text });
    ctx.status = 201;
    ctx.body = await answer(id);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    await runCommand(services, ctx, contactMessage, idParam(ctx, notFound), { type: 'Erase' });
    ctx.status = 204;
  });

  return router;
}
