// Sessions the signed-in user can see and end; an admin ends all of another user's from Usuarios.
import { apiRouter } from './router';
import { NotFound } from '../../domain';
import { idParam, type AppServices } from '../context';
import { ownAccount, requireAdmin } from '../auth/access';
import { endSessions, listSessions } from '../auth/sessions';

export function sessionRoutes(services: AppServices) {
  const router = apiRouter();
  const notFound = () => new NotFound('Sesión no encontrada');

  router.get('/api/auth/sessions', ...ownAccount, async (ctx) => {
    ctx.body = await listSessions(services, ctx.state.user.id, ctx.session?.signInId);
  });

  /** 'Cerrar las demás sesiones': every one but this. */
  router.delete('/api/auth/sessions', ...ownAccount, async (ctx) => {
    ctx.body = { ended: await endSessions(services, ctx, { userId: ctx.state.user.id, except: ctx.session?.signInId }, 'ended-by-user') };
  });

  router.delete('/api/auth/sessions/:id', ...ownAccount, async (ctx) => {
    const id = idParam(ctx, notFound);
    if ((await endSessions(services, ctx, { userId: ctx.state.user.id, only: id }, 'ended-by-user')) === 0) throw notFound();
    if (id === ctx.session?.signInId) ctx.session = null;
    ctx.status = 204;
  });

  router.delete('/api/users/:id/sessions', requireAdmin, async (ctx) => {
    const id = idParam(ctx, () => new NotFound('Usuario no encontrado'));
    if (!(await services.read.users.byId(id))) throw new NotFound('Usuario no encontrado');
    ctx.body = { ended: await endSessions(services, ctx, { userId: id }, 'ended-by-admin') };
  });

  return router;
}
