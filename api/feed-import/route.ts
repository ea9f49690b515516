// POST /api/rss/sources/{id}/fetch: import now; answers { count } (new articles) and the run's summary.
import { apiRouter } from '../routes/router';
import { NotFound } from '../../domain';
import { idParam, metadataOf, type AppServices } from '../context';
import { requireStaff } from '../auth/access';
import { importFeedSource } from './importer';

export function feedImportRoutes(services: AppServices) {
  const router = apiRouter('/api/rss/sources');
  router.post('/:id/fetch', requireStaff, async (ctx) => {
    const id = idParam(ctx, () => new NotFound('Fuente RSS no encontrada'));
    const { count, run } = await importFeedSource(services, id, { metadata: metadataOf(ctx, 'feed-import') });
    ctx.body = { count, run };
  });
  return router;
}
