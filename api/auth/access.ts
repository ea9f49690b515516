// Who may call a route. Each route names its guard, so the decision is made on the route that matched,
// never on a test of the raw path: a path the routers do not hold reaches no handler at all.
//
// A staff member who must first choose a new password or set up a second factor is, for every route,
// a visitor (public routes answer them as one; staff routes answer 403 saying what to do first), except
// on the routes marked `openDuringSetup`: signing in and out, the account's own security, and sending
// advance-form drafts with their photos, so work done offline is never stuck behind the set-up screen.
import type { Middleware } from 'koa';
import { Forbidden, Unauthorized, type SessionUser, type User } from '../../domain';
import type { AppServices } from '../context';
import { setupRequiredFor, touchSession } from './sessions';

type SetupStep = NonNullable<SessionUser['setupRequired']>;

const setupTexts: Record<SetupStep, string> = {
  password: 'Debe cambiar su contraseña antes de continuar. Hágalo en Seguridad de la cuenta.',
  'second-factor': 'Debe configurar un segundo factor antes de continuar. Hágalo en Seguridad de la cuenta.',
};

/** A signed-in user held back by an unfinished set-up: kept aside until a route opens to them. */
type PendingSetup = { user: SessionUser; step: SetupStep };

/**
 * After `currentUser`: notes the session's activity and, while the account's set-up is unfinished,
 * moves the user aside (`ctx.state.user` is null) until a route opens to them.
 */
export function accountSetup(services: AppServices): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account as User | undefined;
    const user = ctx.state.user as SessionUser | null;
    if (account && user) {
      const signInId = ctx.session?.signInId as string | undefined;
      if (signInId) await touchSession(services, signInId);
      const step = await setupRequiredFor(services, account);
      if (step) {
        ctx.state.pendingSetup = { user, step } satisfies PendingSetup;
        ctx.state.user = null;
      }
    }
    await next();
  };
}

/** The routes a user with an unfinished set-up may still call: they act as themselves there. */
export const openDuringSetup: Middleware = async (ctx, next) => {
  const pending = ctx.state.pendingSetup as PendingSetup | undefined;
  if (pending) {
    ctx.state.user = pending.user;
    ctx.state.setupRequired = pending.step;
  }
  await next();
};

/** 401 for a visitor; 403 with what to do first for a user whose set-up is unfinished. */
function notSignedIn(state: Record<string, unknown>) {
  const pending = state.pendingSetup as PendingSetup | undefined;
  return pending ? new Forbidden(setupTexts[pending.step]) : new Unauthorized('Debe iniciar sesión');
}

export const requireStaff: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw notSignedIn(ctx.state);
  await next();
};

export const requireAdmin: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw notSignedIn(ctx.state);
  if (ctx.state.user.role !== 'admin') throw new Forbidden('Solo un administrador puede realizar esta acción');
  await next();
};

/** The signed-in user's own account (security, sessions, passkeys): theirs even before the set-up is done. */
export const ownAccount: Middleware[] = [openDuringSetup, requireStaff];
