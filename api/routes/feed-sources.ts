// /api/rss/sources: the feed sources staff follow (the import itself lives in api/feeds/).
import { randomUUID } from 'node:crypto';
import { apiRouter } from './router';
import { BadRequest, NotFound, feedSourceInput, feedSourcePatch } from '../../domain';
import { feedSource, type Sql } from '../../events';
import { readModels } from '../../projections';
import { answerList, idParam, parseBody, runCommand, type AppServices } from '../context';
import { changesReading, forgetHttpCache, sameReading } from '../feed-import/http-cache';
import { requireAdmin, requireStaff } from '../auth/access';
import { feedMessages, leadsToPrivateNetwork } from '../feeds';

const notFound = () => new NotFound('Fuente RSS no encontrada');

export function feedSourceRoutes(services: AppServices) {
  const router = apiRouter('/api/rss/sources');
  const read = services.read.feedSources;
  router.use(requireStaff);

  /** A source must point at the public internet (server-side request forgery); tests may allow local feeds. */
  async function refusePrivate(url: string | undefined) {
    if (url === undefined || services.config.feedAllowPrivateHosts) return;
    if (await leadsToPrivateNetwork(url)) throw new BadRequest('Revise los campos marcados', { url: feedMessages.blocked });
  }

  router.get('/', (ctx) => answerList(ctx, read.page));

  router.post('/', async (ctx) => {
    const input = await parseBody(ctx, feedSourceInput);
    await refusePrivate(input.url);
    const id = randomUUID();
    await runCommand(services, ctx, feedSource, id, { type: 'Create', record: { ...input, createdAt: new Date().toISOString() } }, { newStream: true });
    ctx.status = 201;
    ctx.body = await read.byId(id);
  });

  router.patch('/:id', async (ctx) => {
    const id = idParam(ctx, notFound);
    const patch = await parseBody(ctx, feedSourcePatch);
    await refusePrivate(patch.url);
    // A new URL or new filters may keep items the feed's last read left out: the next run reads the
    // whole feed again (api/feed-import/http-cache.ts). The dialog sends every field: the source as it
    // was is compared with the source as written, in the same transaction.
    const before = changesReading(patch) ? await read.byId(id) : null;
    const alongside = before
      ? async (tx: Sql) => {
          const after = await readModels(tx).feedSources.byId(id);
          if (!after || !sameReading(before, after)) await forgetHttpCache(tx, id);
        }
      : undefined;
    await runCommand(services, ctx, feedSource, id, { type: 'Update', patch }, { alongside });
    ctx.body = await read.byId(id);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx, notFound);
    await runCommand(services, ctx, feedSource, id, { type: 'Delete' }, { alongside: (tx) => forgetHttpCache(tx, id) });
    ctx.status = 204;
  });

  return router;
}
