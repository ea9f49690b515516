// The current password, asked again before a change that could lock the owner out or let a thief in: a
// new password, an authenticator app set up or turned off, a passkey added. A session alone (a cookie
// copied from an unlocked computer) must not be enough to give someone a way in of their own that
// outlives that session. Failures lock the account's checks like sign-in failures, so a stolen session
// cannot guess at full speed.
import type { Context } from 'koa';
import { BadRequest } from '../../domain';
import type { AppServices } from '../context';
import { verifyPassword } from '../passwords';
import { guessingLockout } from './lockouts';

const wrongCurrentPassword = 'La contraseña actual no es correcta';

/** Answers the account once `password` is its current password; otherwise a 400 on `field`. */
export function currentPasswordCheck(services: AppServices) {
  const lockout = guessingLockout(services, 'current-password');
  return async function confirmPassword(ctx: Context, userId: string, password: string, field: string) {
    const account = await services.read.users.credentialsById(userId);
    const confirmed = await lockout(
      ctx,
      userId,
      async () => (account && (await verifyPassword(password, account.passwordHash)) ? account : null),
      () => account,
    );
    if (!confirmed) throw new BadRequest(wrongCurrentPassword, { [field]: wrongCurrentPassword });
    return confirmed;
  };
}
