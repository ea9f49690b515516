// Staff security settings: 'Exigir segundo factor a todo el personal' (read by staff, set by admins).
import { apiRouter } from './router';
import { Conflict, securitySettingsInput, type User } from '../../domain';
import { securitySettings, securitySettingsStreamId } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { requireAdmin, requireStaff } from '../auth/access';

export function securitySettingsRoutes(services: AppServices) {
  const router = apiRouter('/api/settings/security');
  const current = async () => ({ requireSecondFactor: await services.read.users.requireSecondFactor() });

  router.get('/', requireStaff, async (ctx) => {
    ctx.body = await current();
  });

  router.put('/', requireAdmin, async (ctx) => {
    const { requireSecondFactor } = await parseBody(ctx, securitySettingsInput);
    // Turned on by an admin without a factor, the rule would lock that admin out of the setting itself.
    if (requireSecondFactor && !(ctx.state.account as User).hasSecondFactor) {
      throw new Conflict('Configure primero su propio segundo factor en Seguridad de la cuenta; después podrá exigirlo a todo el personal.');
    }
    await runCommand(services, ctx, securitySettings, securitySettingsStreamId, { type: 'Set', requireSecondFactor });
    ctx.body = await current();
  });

  return router;
}
