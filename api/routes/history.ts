// /api/history: the audit trail, read from the event log.
import Router from '@koa/router';
import { z } from 'zod';
import { readHistory } from '../../projections';
import { parseQuery, type AppServices } from '../context';
import { requireStaff } from '../middleware/session';

const historyQuery = z.object({
  streamId: z.uuid({ error: 'streamId debe ser un UUID' }).optional(),
  type: z.string().max(100).optional(),
  actor: z.string().max(100).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
});

export function historyRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/history' });
  router.get('/', requireStaff, async (ctx) => {
    ctx.body = await readHistory(services.db, parseQuery(ctx, historyQuery));
  });
  return router;
}
