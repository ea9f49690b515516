// Passkeys: a signed-in user registers (after typing the current password again) or removes them; anyone
// signs in with one (no username typed).
import { apiRouter } from './router';
import { z } from 'zod';
import { Conflict, NotFound, Unauthorized, currentPasswordInput, passkeyNameInput } from '../../domain';
import { user } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { openDuringSetup, ownAccount } from '../auth/access';
import { attemptThrottle, publicWriteLimit } from '../middleware/rate-limit';
import { deviceLabel } from '../auth/devices';
import {
  authenticationOptions,
  credentialIdOf,
  passkeyConflictOf,
  passkeyTaken,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from '../auth/passkeys';
import { recordFailure, startSession } from '../auth/sessions';
import { currentPasswordCheck } from '../auth/current-password';

const ceremonyAnswer = z.object({ response: z.record(z.string(), z.unknown(), { error: 'Falta la respuesta de la llave de acceso' }) });
const unknownPasskey = 'Llave de acceso no reconocida';

export function passkeyRoutes(services: AppServices) {
  const router = apiRouter();
  const users = services.read.users;
  const confirmPassword = currentPasswordCheck(services);
  // A passkey cannot be guessed, but each attempt costs a signature check and an event: the sign-in
  // throttle's window and bound, per address, counting failures only (staff behind one office address
  // sign in with theirs all day).
  const passkeyAttempt = attemptThrottle(services.db, {
    scope: 'passkey',
    perAccount: 20,
    perAddress: 0,
    windowSeconds: 15 * 60,
    message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
  });

  // The registration's challenge is given only after the password: without it there is nothing for a
  // new passkey to answer, so a session alone cannot add one.
  router.post('/api/auth/passkeys/options', ...ownAccount, async (ctx) => {
    const { password } = await parseBody(ctx, currentPasswordInput);
    await confirmPassword(ctx, ctx.state.user.id, password, 'password');
    ctx.body = await registrationOptions(ctx, services.config, ctx.state.user, await users.passkeyCredentialsOf(ctx.state.user.id));
  });

  router.post('/api/auth/passkeys', ...ownAccount, async (ctx) => {
    const { response } = await parseBody(ctx, ceremonyAnswer);
    const { name } = await parseBody(ctx, passkeyNameInput);
    const passkey = await verifyRegistration(ctx, services.config, response, name || deviceLabel(ctx.get('User-Agent')));
    // The account's decider knows only its own passkeys: another account's is found here.
    if (await users.passkey(passkey.credentialId)) throw new Conflict(passkeyTaken);
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'RegisterPasskey', passkey }).catch((error: unknown) => {
      throw passkeyConflictOf(error);
    });
    ctx.status = 201;
    ctx.body = (await users.passkeysOf(ctx.state.user.id)).find((stored) => stored.id === passkey.credentialId);
  });

  router.delete('/api/auth/passkeys/:credentialId', ...ownAccount, async (ctx) => {
    const stored = await users.passkey(ctx.params.credentialId);
    if (!stored || stored.userId !== ctx.state.user.id) throw new NotFound('Llave de acceso no encontrada');
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'RemovePasskey', credentialId: stored.id });
    ctx.status = 204;
  });

  // Each ceremony's challenge is kept in a session of its own, a row in the database for a visitor who
  // has not signed in: limited per address like every public write.
  router.post('/api/auth/passkey/options', openDuringSetup, publicWriteLimit(services.db, services.config.publicWriteLimit, 'passkey-options'), async (ctx) => {
    ctx.body = await authenticationOptions(ctx, services.config);
  });

  router.post('/api/auth/passkey', openDuringSetup, async (ctx) => {
    const { response } = await parseBody(ctx, ceremonyAnswer);
    const signedIn = await passkeyAttempt(ctx, '', async () => {
      const credentialId = credentialIdOf(response);
      const stored = credentialId ? await users.passkey(credentialId) : null;
      const account = stored ? await users.byId(stored.userId) : null;
      const counter = stored && account && !account.disabled ? await verifyAuthentication(ctx, services.config, response, stored) : null;
      if (stored && account && !account.disabled && counter !== null) return { account, passkey: { id: stored.id, counter } };
      await recordFailure(services, ctx, account?.username ?? '', account?.id ?? null, 'passkey');
      return null;
    });
    if (!signedIn) throw new Unauthorized(unknownPasskey);
    ctx.body = await startSession(services, ctx, signedIn.account, 'passkey', signedIn.passkey);
  });

  return router;
}
