// /api/history: the audit trail, read from the event log.
import { apiRouter } from './router';
import { z } from 'zod';
import { readHistory } from '../../projections';
import { isEventType } from '../../domain';
import { parseQuery, type AppServices } from '../context';
import { requireStaff } from '../auth/access';

/** `?streamId=&type=` as clients write the call: an empty parameter is an absent one. */
const blankless = (query: unknown) =>
  Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== '' && !Array.isArray(value)));

const historyQuery = z.preprocess(
  blankless,
  z.object({
    streamId: z.uuid({ error: 'streamId debe ser un UUID' }).optional(),
    type: z.string().max(100).optional(),
    actor: z.string().max(100).optional(),
    before: z.coerce
      .number({ error: 'before debe ser un número' })
      .int()
      .positive({ error: 'before debe ser una posición mayor que 0' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'before es demasiado grande' })
      .optional(),
    limit: z.coerce
      .number({ error: 'limit debe ser un número' })
      .int({ error: 'limit debe ser un número entero' })
      .min(1, { error: 'limit debe estar entre 1 y 200' })
      .max(200, { error: 'limit debe estar entre 1 y 200' })
      .default(50),
  }),
);

export function historyRoutes(services: AppServices) {
  const router = apiRouter('/api/history');
  router.get('/', requireStaff, async (ctx) => {
    const { type, ...filter } = parseQuery(ctx, historyQuery);
    // A type the log never holds has no events: the same answer as a known type nobody wrote yet.
    if (type === undefined || isEventType(type)) ctx.body = await readHistory(services.db, { ...filter, type });
    else ctx.body = { items: [], nextBefore: null };
  });
  return router;
}
