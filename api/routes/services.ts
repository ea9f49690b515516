// /api/services: the services the company offers.
import { randomUUID } from 'node:crypto';
import { apiRouter } from './router';
import { NotFound, serviceInput, servicePatch } from '../../domain';
import { service } from '../../events';
import { answerList, idParam, parseBody, runCommand, type AppServices } from '../context';
import { requireAdmin, requireStaff } from '../auth/access';

const notFound = () => new NotFound('Servicio no encontrado');

export function serviceRoutes(services: AppServices) {
  const router = apiRouter('/api/services');
  const read = services.read.services;

  router.get('/', (ctx) => answerList(ctx, read.page));

  router.post('/', requireStaff, async (ctx) => {
    const input = await parseBody(ctx, serviceInput);
    const id = randomUUID();
    await runCommand(services, ctx, service, id, { type: 'Create', record: input }, { newStream: true });
    ctx.status = 201;
    ctx.body = await read.byId(id);
  });

  router.patch('/:id', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    await runCommand(services, ctx, service, id, { type: 'Update', patch: await parseBody(ctx, servicePatch) });
    ctx.body = await read.byId(id);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    await runCommand(services, ctx, service, idParam(ctx, notFound), { type: 'Delete' });
    ctx.status = 204;
  });

  return router;
}
