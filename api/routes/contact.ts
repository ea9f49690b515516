// /api/contact: visitors' messages and staff's handling of them.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { BadRequest, NotFound, contactMessageInput, contactStatusChange } from '../../domain';
import { contactMessage } from '../../events';
import { idParam, paging, parseBody, runCommand, type AppServices } from '../context';
import { publicWriteLimit } from '../middleware/rate-limit';
import { requireAdmin, requireStaff } from '../middleware/session';

const notFound = () => new NotFound('Mensaje no encontrado');

export function contactRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/contact' });
  const read = services.read.contact;

  router.post('/', publicWriteLimit(services.db, services.config.publicWriteLimit, 'contact'), async (ctx) => {
    const input = parseBody(ctx, contactMessageInput);
    if (input.website) throw new BadRequest('No se pudo procesar el mensaje');
    const id = randomUUID();
    await runCommand(services, ctx, contactMessage, id, { type: 'Receive', name: input.name, email: input.email, phone: input.phone, message: input.message, at: new Date(), language: input.language ?? 'es' }, { newStream: true });
    ctx.status = 201;
    ctx.body = await read.byId(id);
    for (const notify of services.hooks.notify) {
      notify('Nuevo mensaje de contacto', `${input.name} <${input.email}> escribió:\n\n${input.message}`).catch((e) => console.error('notify', e));
    }
  });

  router.get('/messages', requireStaff, async (ctx) => {
    const { limit, offset } = paging(ctx);
    const page = await read.list(limit, offset);
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.items;
  });

  router.patch('/:id/status', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const { status } = parseBody(ctx, contactStatusChange);
    await runCommand(services, ctx, contactMessage, id, { type: 'ChangeStatus', to: status });
    ctx.body = await read.byId(id);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    await runCommand(services, ctx, contactMessage, idParam(ctx, notFound), { type: 'Erase' });
    ctx.status = 204;
  });

  return router;
}
