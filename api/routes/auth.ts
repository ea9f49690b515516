// /api/auth: sign in, sign out, and who is signed in.
import type { Context } from 'koa';
import Router from '@koa/router';
import { Forbidden, Unauthorized, loginInput, type SessionUser } from '../../domain';
import { ConcurrencyError, user } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { dummyHash, verifyPassword } from '../passwords';
import { attemptThrottle } from '../middleware/rate-limit';

export function authRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/auth' });
  const users = services.read.users;
  const loginAttempt = attemptThrottle(services.db, {
    scope: 'login',
    perAccount: 5,
    perAddress: services.config.loginFailuresPerAddress,
    windowSeconds: 15 * 60,
    message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
  });

  router.post('/login', async (ctx) => {
    // Production cookies travel over HTTPS only: over plain HTTP a sign-in could never stick.
    if (services.config.production && !ctx.secure) throw new Forbidden('Inicie sesión a través de HTTPS');
    const { username, password } = await parseBody(ctx, loginInput);
    const found = await loginAttempt(ctx, username, async () => {
      const candidate = await users.credentials(username);
      const matches = await verifyPassword(password, candidate?.passwordHash ?? (await dummyHash));
      return matches && candidate && !candidate.disabled ? candidate : null;
    });
    if (!found) throw new Unauthorized('Usuario o contraseña incorrectos');
    const signedIn: SessionUser = { id: found.id, username: found.username, role: found.role };
    ctx.state.user = signedIn;
    await recordLogin(ctx, found.id);
    // A new session id on every sign-in: no fixation.
    await ctx.session!.regenerate();
    ctx.session!.userId = found.id;
    // The absolute lifetime counts from here, however often the session is renewed.
    ctx.session!.signedInAt = Date.now();
    ctx.body = signedIn;
  });

  /** The sign-in fact for the audit trail; two sign-ins at once (two tabs) both count, neither fails. */
  async function recordLogin(ctx: Context, userId: string) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await runCommand(services, ctx, user, userId, { type: 'RecordLogin' });
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 4) throw error;
      }
    }
  }

  router.post('/logout', async (ctx) => {
    if (ctx.state.user) await runCommand(services, ctx, user, ctx.state.user.id, { type: 'RecordLogout' });
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/me', async (ctx) => {
    if (!ctx.state.user) throw new Unauthorized('No ha iniciado sesión');
    ctx.body = ctx.state.user;
  });

  return router;
}
