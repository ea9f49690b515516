// Guessing spread over many addresses: the failures of one account's secrets are counted from every
// address, and too many lock the account for a while (api/middleware/rate-limit.ts says how). The
// account's owner is told by e-mail once per lockout: the lockout is an event, mailed by the
// notifications processor to their notice address.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { signIn, type GuessedSecret } from '../../events';
import { runCommand, type AppServices } from '../context';
import { accountLockout, type LockoutRule } from '../middleware/rate-limit';

const window = 15 * 60;

/** Each secret's rule: a password is tried by someone who does not know it; a code only after the right password. */
const lockoutRules: Record<GuessedSecret, LockoutRule> = {
  password: {
    scope: 'lock-password',
    failures: 10,
    windowSeconds: window,
    message: (wait) =>
      `Demasiados intentos fallidos con este usuario. Por seguridad, el inicio de sesión queda bloqueado durante ${wait} y, mientras tanto, se rechaza incluso la contraseña correcta. Intente de nuevo después.`,
  },
  code: {
    scope: 'lock-code',
    failures: 5,
    windowSeconds: window,
    message: (wait) =>
      `Demasiados códigos de verificación incorrectos. Por seguridad, la cuenta no acepta códigos durante ${wait} y, mientras tanto, se rechaza incluso el código correcto. Intente de nuevo después.`,
  },
  'current-password': {
    scope: 'lock-current-password',
    failures: 5,
    windowSeconds: window,
    message: (wait) =>
      `Demasiados intentos con una contraseña actual incorrecta. Por seguridad, no se comprobará la contraseña durante ${wait} y, mientras tanto, se rechaza incluso la correcta. Intente de nuevo después.`,
  },
};

/** The account a lockout is about, when the attempt named one that exists. */
type Owner = { id: string; username: string; noticeEmail: string | null };

/**
 * One attempt at `secret` for `key` (the username typed, or the user's id) under its lockout.
 * `owner` answers who is told when the attempt starts a lockout: nobody for an unknown username.
 */
export function guessingLockout(services: AppServices, secret: GuessedSecret) {
  const attempt = accountLockout(services.db, lockoutRules[secret]);
  return <T>(ctx: Context, key: string, check: () => Promise<T | null>, owner: () => Owner | null) =>
    attempt(ctx, key, check, async (lock) => {
      const account = owner();
      if (!account) return;
      const { id: userId, username, noticeEmail } = account;
      const command = { type: 'RecordLockout', userId, username, noticeEmail, secret, address: ctx.ip, lockedUntil: lock.until, at: new Date() } as const;
      await runCommand(services, ctx, signIn, randomUUID(), command, { newStream: true });
    });
}
