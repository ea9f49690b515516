// /api/auth: sign in, sign out, and who is signed in.
import Router from '@koa/router';
import { TooManyRequests, Unauthorized, loginInput } from '../../domain';
import { parseBody, type AppServices } from '../context';
import { checkSecondFactor } from '../auth/second-factor';
import { endSessions, recordFailure, startSession } from '../auth/sessions';
import { dummyHash, verifyPassword } from '../passwords';
import { clearCount, hit } from '../middleware/rate-limit';

const failureWindowSeconds = 15 * 60;
const maxFailures = 5;

export function authRoutes(services: AppServices) {
  const router = new Router({ prefix: '/api/auth' });
  const users = services.read.users;

  router.post('/login', async (ctx) => {
    const { username, password, code } = parseBody(ctx, loginInput);
    // Counted before the password is checked, so parallel guesses cannot slip past the limit;
    // a successful sign-in clears the count.
    const throttleKey = `login:${ctx.ip}:${username.toLowerCase()}`;
    if ((await hit(services.db, throttleKey, failureWindowSeconds)) > maxFailures) {
      ctx.set('Retry-After', String(failureWindowSeconds));
      throw new TooManyRequests('Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.');
    }
    const found = await users.credentials(username);
    const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyHash));
    if (!found || !valid || found.disabled) {
      await recordFailure(services, ctx, username, found?.id ?? null, 'password');
      throw new Unauthorized('Usuario o contraseña incorrectos');
    }
    // A code is counted by the same throttle as a password: the hit above covers both.
    const step = await checkSecondFactor(services, ctx, found, code);
    if ('refusal' in step) {
      ctx.status = 401;
      ctx.body = step.refusal;
      return;
    }
    await clearCount(services.db, throttleKey);
    ctx.body = await startSession(services, ctx, found, step.method);
  });

  router.post('/logout', async (ctx) => {
    const signInId = ctx.session?.signInId as string | undefined;
    if (ctx.state.user && signInId) await endSessions(services, ctx, { userId: ctx.state.user.id, only: signInId }, 'logout');
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/me', async (ctx) => {
    if (!ctx.state.user) throw new Unauthorized('No ha iniciado sesión');
    // `setupRequired` only when there is something to do: the answer stays { id, username, role } otherwise.
    ctx.body = ctx.state.setupRequired ? { ...ctx.state.user, setupRequired: ctx.state.setupRequired } : ctx.state.user;
  });

  return router;
}
