// /api/auth: sign in, sign out, and who is signed in.
import { apiRouter } from './router';
import { Forbidden, Unauthorized, loginInput, type User } from '../../domain';
import { isUuid, parseBody, type AppServices } from '../context';
import { openDuringSetup } from '../auth/access';
import { checkSecondFactor, type SecondFactorRefusal } from '../auth/second-factor';
import { endSessions, recordFailure, startSession } from '../auth/sessions';
import { draftKeyAnswer } from '../auth/draft-keys';
import { dummyHash, verifyPassword } from '../passwords';
import { attemptThrottle } from '../middleware/rate-limit';
import { guessingLockout } from '../auth/lockouts';

export function authRoutes(services: AppServices) {
  const router = apiRouter('/api/auth');
  const users = services.read.users;
  const loginAttempt = attemptThrottle(services.db, {
    scope: 'login',
    perAccount: 5,
    perAddress: services.config.loginFailuresPerAddress,
    windowSeconds: 15 * 60,
    message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
  });
  const passwordLockout = guessingLockout(services, 'password');

  router.post('/login', openDuringSetup, async (ctx) => {
    // Production cookies travel over HTTPS only: over plain HTTP a sign-in could never stick.
    if (services.config.production && !ctx.secure) throw new Forbidden('Inicie sesión a través de HTTPS');
    const { username, password, code } = await parseBody(ctx, loginInput);
    // One attempt covers the password and the code: a code is counted by the same throttle as a password.
    // Inside it, the password's and the code's failures are also counted per account from every address.
    let refusal: SecondFactorRefusal | null = null;
    // The limits count an account's attempts under its own name whenever the typed one finds it. The
    // database finds names without regard to case, and its lower case is not JavaScript's for every
    // letter: 'vİctim' found 'victim' while the limits counted it apart, a lockout sidestepped.
    const found = await users.credentials(username);
    const accountName = found?.username ?? username;
    const passed = await loginAttempt(ctx, accountName, async () => {
      const account = await passwordLockout(
        ctx,
        accountName,
        async () => {
          const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyHash));
          if (found && valid && !found.disabled) return found;
          await recordFailure(services, ctx, username, found?.id ?? null, 'password');
          return null;
        },
        // A disabled account's owner is not told: the account cannot sign in anyway.
        () => (found && !found.disabled ? found : null),
      );
      if (!account) return null;
      const step = await checkSecondFactor(services, ctx, account, code);
      if ('refusal' in step) {
        refusal = step.refusal;
        return null;
      }
      return { account: account as User, method: step.method };
    });
    if (!passed) {
      if (refusal) {
        ctx.status = 401;
        ctx.body = refusal;
        return;
      }
      throw new Unauthorized('Usuario o contraseña incorrectos');
    }
    ctx.body = await startSession(services, ctx, passed.account, passed.method);
  });

  router.post('/logout', openDuringSetup, async (ctx) => {
    const signInId = ctx.session?.signInId as string | undefined;
    if (ctx.state.user && signInId) await endSessions(services, ctx, { userId: ctx.state.user.id, only: signInId }, 'logout');
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/me', openDuringSetup, async (ctx) => {
    if (!ctx.state.user) throw new Unauthorized('No ha iniciado sesión');
    // `setupRequired` only when there is something to do: the answer stays { id, username, role } otherwise.
    ctx.body = ctx.state.setupRequired ? { ...ctx.state.user, setupRequired: ctx.state.setupRequired } : ctx.state.user;
  });

  // Who is signed in, as an answer even when nobody is: { user } (null for a visitor). The sign-in page
  // asks this, so a visitor's browser logs no failed request; /me keeps its 401 for other clients.
  router.get('/session', openDuringSetup, async (ctx) => {
    const user = ctx.state.user ?? null;
    ctx.body = { user: user && ctx.state.setupRequired ? { ...user, setupRequired: ctx.state.setupRequired } : user };
  });

  // The wrapping secret of this device's draft key, and what became of the earlier sign-ins it names
  // (docs/offline.md, 'Drafts encrypted at rest'). Answered to anyone: a visitor learns only whether a
  // sign-in whose random id it already holds was ended from elsewhere, which is what that device must know.
  router.get('/draft-key', openDuringSetup, async (ctx) => {
    const named = [ctx.query.signIn].flat().filter((id): id is string => typeof id === 'string' && isUuid(id));
    const signInId = ctx.session?.signInId as string | undefined;
    const session = ctx.state.user && signInId ? { userId: ctx.state.user.id as string, signInId } : null;
    ctx.body = await draftKeyAnswer(services.store, services.config.sessionSecret, session, [...new Set(named)].slice(0, 10));
  });

  return router;
}
