// The second step of a password sign-in: an authenticator-app code or a one-time recovery code.
import type { Context } from 'koa';
import { DomainError, type User } from '../../domain';
import { user, type SignInMethod } from '../../events';
import { runCommand, type AppServices } from '../context';
import { guessingLockout } from './lockouts';
import { recordFailure } from './sessions';
import { hashRecoveryCode, looksLikeRecoveryCode, useTotpCode } from './totp';

type Account = User & { totpSecret: string | null; recoveryCodeHashes: string[] };

/** A refusal the login answers as 401 with this body: `mfa` asks the client for a code. */
export type SecondFactorRefusal = { message: string; mfa?: true; passkey?: true };

const secondFactorTexts = {
  codeNeeded: 'Introduzca el código de verificación de su aplicación de autenticación',
  wrongCode: 'Código de verificación incorrecto o ya utilizado',
  passkeyNeeded: 'Esta cuenta inicia sesión con su llave de acceso',
};

/** After a right password: how the sign-in is completed, or why it is not (yet). */
export async function checkSecondFactor(
  services: AppServices,
  ctx: Context,
  account: Account,
  code: string | undefined,
): Promise<{ method: SignInMethod } | { refusal: SecondFactorRefusal }> {
  if (!account.totpSecret) {
    // Passkeys only: a password alone must not open an account that has a stronger way in.
    return account.hasSecondFactor ? { refusal: { message: secondFactorTexts.passkeyNeeded, passkey: true } } : { method: 'password' };
  }
  if (!code) return { refusal: { message: secondFactorTexts.codeNeeded, mfa: true } };
  const secret = account.totpSecret;
  // Whoever sends a code knows the password: their failures lock the account's codes, from every address.
  const method = await guessingLockout(services, 'code')(
    ctx,
    account.id,
    async (): Promise<SignInMethod | null> => {
      if (/^\d{6}$/.test(code) && (await useTotpCode(services.db, account.id, secret, code))) return 'totp';
      if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(services, ctx, account, code))) return 'recovery-code';
      await recordFailure(services, ctx, account.username, account.id, 'code');
      return null;
    },
    () => account,
  );
  return method ? { method } : { refusal: { message: secondFactorTexts.wrongCode, mfa: true } };
}

/** A recovery code works once: the account's stream decides, so two uses at once cannot both pass. */
async function spendRecoveryCode(services: AppServices, ctx: Context, account: Account, code: string): Promise<boolean> {
  const codeHash = hashRecoveryCode(code);
  if (!account.recoveryCodeHashes.includes(codeHash)) return false;
  try {
    // A concurrent write to the account (another sign-in spending a code) is read again and decided again.
    await runCommand(services, ctx, user, account.id, { type: 'UseRecoveryCode', codeHash }, { retryOnConflict: true });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
