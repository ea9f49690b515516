// A staff member who must first choose a new password or set up a second factor can do only that:
// every other staff call answers 403 until it is done. Sending advance-form drafts stays open, so
// work done offline is never stuck behind the set-up screen.
import type { Middleware } from 'koa';
import { Forbidden, type User } from '../../domain';
import type { AppServices } from '../context';
import { setupRequiredFor, touchSession } from './sessions';

export const gateTexts = {
  password: 'Debe cambiar su contraseña antes de continuar. Hágalo en Seguridad de la cuenta.',
  'second-factor': 'Debe configurar un segundo factor antes de continuar. Hágalo en Seguridad de la cuenta.',
};

/** What stays open: signing in and out, the account's own security, and sending drafts (with their photos). */
function allowedDuringSetup(method: string, path: string): boolean {
  if (path.startsWith('/api/auth/') || path === '/api/account' || path.startsWith('/api/account/')) return true;
  if (method === 'POST' && (path === '/api/advance-forms' || path === '/api/objects/upload')) return true;
  return method === 'PUT' && path.startsWith('/api/objects/uploads/');
}

/** What any visitor may call: the public site keeps working for them, as for a visitor (no staff extras). */
function isPublicCall(method: string, path: string): boolean {
  if (method === 'GET') return path === '/api/news' || path.startsWith('/api/news/') || path === '/api/services';
  return method === 'POST' && (path === '/api/contact' || path === '/api/advance-forms/public');
}

/** Staff-only answers: the API, and the venue photos served outside it. */
const isStaffArea = (path: string) => path.startsWith('/api/') || path.startsWith('/objects/');

export function accountSetupGate(services: AppServices): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account as User | undefined;
    if (account && ctx.state.user) {
      const signInId = ctx.session?.signInId as string | undefined;
      if (signInId) await touchSession(services, signInId);
      const setupRequired = await setupRequiredFor(services, account);
      ctx.state.setupRequired = setupRequired;
      if (setupRequired && isStaffArea(ctx.path) && !allowedDuringSetup(ctx.method, ctx.path)) {
        if (!isPublicCall(ctx.method, ctx.path)) throw new Forbidden(gateTexts[setupRequired]);
        ctx.state.user = null;
      }
    }
    await next();
  };
}
