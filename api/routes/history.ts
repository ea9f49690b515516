// /api/history: the audit trail, read from the event log.
import Router from '@koa/router';
import { z } from 'zod';
import { readHistory } from '../../projections';
import { parseQuery, type AppServices } from '../context';
import { requireStaff } from '../middleware/session';

/** `?streamId=&type=` as clients write the call: an empty parameter is an absent one. */
const blankless = (query: unknown) =>
  Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== '' && !Array.isArray(value)));

const historyQuery = z.preprocess(blankless, z.object({
  streamId: z.uuid({ error: 'streamId debe ser un UUID' }).optional(),
  type: z.string().max(100).optional(),
  actor: z.string().max(100).optional(),
  before: z.coerce.number({ error: 'before debe ser un número' }).int().positive({ error: 'before debe ser una posición mayor que 0' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
}));

export function historyRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/history' });
  router.get('/', requireStaff, async (ctx) => {
    ctx.body = await readHistory(services.db, parseQuery(ctx, historyQuery));
  });
  return router;
}
