// /api/contact: visitors' messages (repeatable with an Idempotency-Key) and staff's inbox: the
// filtered list, its CSV export, response times, status changes, internal notes and erasure.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
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
  type ContactMessage,
} from '../../domain';
import { contactMessage } from '../../events';
import { answerList, idParam, parseBody, parseQuery, runCommand, type AppServices } from '../context';
import { csvChunks } from '../csv';
import { idempotencyKey, requestHashOf } from '../idempotency';
import { honeypot } from '../middleware/honeypot';
import { publicWriteLimit } from '../middleware/rate-limit';
import { requireAdmin, requireStaff } from '../auth/access';
import { withNotices } from '../notifications';

const notFound = () => new NotFound('Mensaje no encontrado');
const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(1));

/**
 * What a visitor's submission answers, the first time and on every repeat of its Idempotency-Key: the
 * whole message as it was received (unread, no notes, no response times yet), with its id, language and
 * time of reception. What staff made of it since (its status, internal notes, response times) and the
 * staff e-mail notice are never in it, whoever sends the key.
 */
const receiptOf = ({ id, name, email, phone, message, language, createdAt }: ContactMessage): ContactMessage => ({
  id,
  name,
  email,
  phone,
  message,
  status: 'unread',
  language,
  createdAt,
  notes: [],
  readAfterMs: null,
  resolvedAfterMs: null,
});

const exportRow = (m: ContactMessage) => [
  formatDateTime(m.createdAt),
  contactStatusLabel[m.status],
  m.name,
  m.email,
  m.phone,
  m.message,
  m.notes.map((note) => `${note.author ?? ''}: ${note.text}`).join(' | '),
  hours(m.readAfterMs),
  hours(m.resolvedAfterMs),
];

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
    const received = await read.byId(id);
    if (!received) throw notFound();
    ctx.status = 201;
    ctx.body = receiptOf(received);
  });

  router.get('/messages', requireStaff, async (ctx) => {
    const filters = parseQuery(ctx, contactListQuery);
    await answerList(
      ctx,
      (limit, offset) => read.list(filters, limit, offset),
      (items) => withNotices(services.notices, items),
    );
  });

  router.get('/messages/stats', requireStaff, async (ctx) => {
    ctx.body = await read.stats();
  });

  router.get('/messages/export', requireStaff, async (ctx) => {
    // Every message the filter keeps, written as it is read, a page at a time. The first page is read
    // before answering, so a failing query is still an error answer rather than a cut file.
    const pages = read.pages(parseQuery(ctx, contactListQuery));
    const first = await pages.next();
    async function* rows() {
      if (first.done) return;
      yield first.value.map(exportRow);
      for await (const page of pages) yield page.map(exportRow);
    }
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`mensajes-${calendarDayOf(new Date())}.csv`);
    ctx.body = Readable.from(csvChunks(inboxExportHeader, rows()));
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
