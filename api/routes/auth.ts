// /api/auth: sign in, sign out, and who is signed in.
import type { Context } from 'koa';
import Router from '@koa/router';
import { TooManyRequests, Unauthorized, loginInput, type SessionUser } from '../../domain';
import { user } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { dummyHash, verifyPassword } from '../passwords';
import { clearCount, hit } from '../middleware/rate-limit';

const failureWindowSeconds = 15 * 60;
const maxFailures = 5;

export function authRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/auth' });
  const users = services.read.users;

  router.post('/login', async (ctx) => {
    const { username, password } = parseBody(ctx, loginInput);
    // Counted before the password is checked, so parallel guesses cannot slip past the limit;
    // a successful sign-in clears the count.
    const throttleKey = `login:${ctx.ip}:${username.toLowerCase()}`;
    if ((await hit(services.db, throttleKey, failureWindowSeconds)) > maxFailures) {
      ctx.set('Retry-After', String(failureWindowSeconds));
      throw new TooManyRequests('Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.');
    }
    const found = await users.credentials(username);
    const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyHash));
    if (!found || !valid || found.disabled) throw new Unauthorized('Usuario o contraseña incorrectos');
    await clearCount(services.db, throttleKey);
    const signedIn: SessionUser = { id: found.id, username: found.username, role: found.role };
    ctx.state.user = signedIn;
    await recordLogin(ctx, found.id);
    // A new session id on every sign-in: no fixation.
    await ctx.session!.regenerate();
    ctx.session!.userId = found.id;
    ctx.body = signedIn;
  });

  /** The sign-in fact for the audit trail; two sign-ins at once (two tabs) both count, neither fails. */
  async function recordLogin(ctx: Context, userId: string) {
    await runCommand(services, ctx, user, userId, { type: 'RecordLogin' }, { retryOnConflict: true });
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
