// The signed-in user's own security ('Seguridad de la cuenta'): overview, password, notice address,
// and the authenticator app (set-up with a QR code, confirmation with a first code, turning it off). The
// password, the app's set-up and turning it off each ask for the current password first.
import { apiRouter } from './router';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  noticeEmailInput,
  passwordChangeInput,
  currentPasswordInput,
  totpConfirmInput,
  weeklySummaryInput,
} from '../../domain';
import { user } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { ownAccount } from '../auth/access';
import { hashPassword } from '../passwords';
import { assertStrongPassword } from '../auth/password-policy';
import { endSessions } from '../auth/sessions';
import { currentPasswordCheck } from '../auth/current-password';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, useTotpCode } from '../auth/totp';

const texts = {
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  totpActive: 'La aplicación de autenticación ya está activa. Desactívela antes de configurarla de nuevo.',
  noPendingSecret: 'Primero pida un código QR nuevo',
  wrongCode: 'Código incorrecto. Revise la hora de su teléfono e intente con el código actual.',
  weeklySummaryAdminsOnly: 'El resumen semanal por correo es solo para administradores',
  weeklySummaryNeedsEmail: 'Indique primero su correo de avisos: el resumen semanal se envía a esa dirección.',
};

export function accountRoutes(services: AppServices) {
  const router = apiRouter();
  const users = services.read.users;
  const confirmPassword = currentPasswordCheck(services);

  const overview = async (userId: string) => {
    const security = await users.security(userId);
    if (!security) throw new NotFound('Usuario no encontrado');
    return security;
  };

  router.get('/api/account', ...ownAccount, async (ctx) => {
    ctx.body = await overview(ctx.state.user.id);
  });

  router.post('/api/account/password', ...ownAccount, async (ctx) => {
    const { currentPassword, newPassword } = await parseBody(ctx, passwordChangeInput);
    const account = await confirmPassword(ctx, ctx.state.user.id, currentPassword, 'currentPassword');
    if (currentPassword === newPassword) throw new BadRequest(texts.samePassword, { newPassword: texts.samePassword });
    await assertStrongPassword(newPassword, [account.username, services.config.siteName], 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    await runCommand(services, ctx, user, account.id, { type: 'Change', passwordHash, mustChangePassword: false });
    // Whoever knew the old password is signed out everywhere else.
    await endSessions(services, ctx, { userId: account.id, except: ctx.session?.signInId }, 'password-changed');
    ctx.body = await overview(account.id);
  });

  router.put('/api/account/notice-email', ...ownAccount, async (ctx) => {
    const { noticeEmail, password } = await parseBody(ctx, noticeEmailInput);
    // Lockout and new-device notices go there: a session alone must not send them elsewhere.
    await confirmPassword(ctx, ctx.state.user.id, password, 'password');
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'Change', noticeEmail });
    ctx.body = await overview(ctx.state.user.id);
  });

  // The weekly summary goes to admins only (docs/summary.md), at their notice address.
  router.put('/api/account/weekly-summary', ...ownAccount, async (ctx) => {
    const { weeklySummary } = await parseBody(ctx, weeklySummaryInput);
    if (ctx.state.user.role !== 'admin') throw new Forbidden(texts.weeklySummaryAdminsOnly);
    if (weeklySummary && !(await overview(ctx.state.user.id)).noticeEmail) throw new Conflict(texts.weeklySummaryNeedsEmail);
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'Change', weeklySummary });
    ctx.body = await overview(ctx.state.user.id);
  });

  router.post('/api/auth/totp', ...ownAccount, async (ctx) => {
    const { password } = await parseBody(ctx, currentPasswordInput);
    await confirmPassword(ctx, ctx.state.user.id, password, 'password');
    const security = await overview(ctx.state.user.id);
    if (security.totpEnabled) throw new Conflict(texts.totpActive);
    const { secret, uri, qr } = await newTotpSecret(services.config.siteName, ctx.state.user.username);
    // Kept in the session until a first code proves the app has it; never in the log before that.
    ctx.session!.pendingTotpSecret = secret;
    ctx.body = { secret, uri, qr };
  });

  router.post('/api/auth/totp/confirm', ...ownAccount, async (ctx) => {
    const { code } = await parseBody(ctx, totpConfirmInput);
    const secret = ctx.session?.pendingTotpSecret as string | undefined;
    if (!secret) throw new Conflict(texts.noPendingSecret);
    if (!(await useTotpCode(services.db, ctx.state.user.id, secret, code))) {
      throw new BadRequest(texts.wrongCode, { code: texts.wrongCode });
    }
    const recoveryCodes = newRecoveryCodes();
    const recoveryCodeHashes = recoveryCodes.map(hashRecoveryCode);
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'EnableTotp', totpSecret: secret, recoveryCodeHashes });
    delete ctx.session!.pendingTotpSecret;
    // Shown this once: only their hashes are kept.
    ctx.body = { recoveryCodes };
  });

  router.post('/api/auth/totp/disable', ...ownAccount, async (ctx) => {
    const { password } = await parseBody(ctx, currentPasswordInput);
    await confirmPassword(ctx, ctx.state.user.id, password, 'password');
    await runCommand(services, ctx, user, ctx.state.user.id, { type: 'DisableTotp' });
    ctx.body = await overview(ctx.state.user.id);
  });

  return router;
}
