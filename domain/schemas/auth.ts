import { z } from 'zod';
import { userRoles, type UserRole } from '../enums';

/** A second-factor code: six digits from an authenticator app, or a recovery code ('abcde-fghij'). */
const code = z.string().trim().max(32, { error: 'Código inválido' });

export const loginInput = z.object({
  username: z.string({ error: 'El usuario es requerido' }).trim().min(1, { error: 'El usuario es requerido' }).max(100),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, { error: 'La contraseña es requerida' }).max(200),
  code: code.optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The shortest password a staff account may have; common ones are refused by the server too. */
const minPasswordLength = 12;

const password = z
  .string({ error: 'La contraseña es requerida' })
  .min(minPasswordLength, { error: `La contraseña debe tener al menos ${minPasswordLength} caracteres` })
  .max(200, { error: 'Máximo 200 caracteres' });

/** Where a staff member wants security notices (a sign-in from a new device); empty: none. */
const noticeEmail = z
  .string()
  .trim()
  .max(200, { error: 'Máximo 200 caracteres' })
  .transform((value) => value || null)
  .pipe(z.email({ error: 'Correo electrónico inválido' }).nullable())
  .nullable();

export const userCreateInput = z.object({
  username: z
    .string({ error: 'El usuario es requerido' })
    .trim()
    .min(3, { error: 'El usuario debe tener al menos 3 caracteres' })
    .max(50, { error: 'Máximo 50 caracteres' })
    .regex(/^[a-zA-Z0-9._-]+$/, { error: 'Use solo letras, números, puntos, guiones y guiones bajos' }),
  password,
  role: z.enum(userRoles, { error: 'Rol inválido' }).default('colaborador'),
});
export type UserCreateInput = z.infer<typeof userCreateInput>;

export const userPatchInput = z.object({
  role: z.enum(userRoles, { error: 'Rol inválido' }).optional(),
  password: password.optional(),
  disabled: z.boolean().optional(),
  noticeEmail: noticeEmail.optional(),
  /** An admin takes away another user's authenticator app and passkeys (both lost): the next sign-in is by password, and sets one up again where required. */
  removeSecondFactors: z.literal(true, { error: 'Valor inválido' }).optional(),
});
export type UserPatchInput = z.infer<typeof userPatchInput>;

export const passwordChangeInput = z.object({
  currentPassword: z.string({ error: 'La contraseña actual es requerida' }).min(1, { error: 'La contraseña actual es requerida' }).max(200),
  newPassword: password,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

export const totpConfirmInput = z.object({
  code: z
    .string({ error: 'El código es requerido' })
    .trim()
    .regex(/^\d{6}$/, { error: 'El código tiene 6 dígitos' }),
});

/**
 * The current password, asked before a change of how the account signs in or is warned: a second factor
 * set up or turned off, a passkey added, the notice address changed.
 */
export const currentPasswordInput = z.object({
  password: z.string({ error: 'La contraseña es requerida' }).min(1, { error: 'La contraseña es requerida' }).max(200),
});

/** One's own notice address (security notices go there), with the current password. */
export const noticeEmailInput = z.object({ noticeEmail, ...currentPasswordInput.shape });
export type NoticeEmailInput = z.input<typeof noticeEmailInput>;

export const passkeyNameInput = z.object({
  name: z.string().trim().max(60, { error: 'Máximo 60 caracteres' }).optional(),
});

export const securitySettingsInput = z.object({
  requireSecondFactor: z.boolean({ error: 'Indique sí o no' }),
});
export type SecuritySettings = z.infer<typeof securitySettingsInput>;

/** What the API says of a user: never the password hash nor a factor's secret. */
export type User = {
  id: string;
  username: string;
  role: UserRole;
  disabled: boolean;
  createdAt: string;
  noticeEmail: string | null;
  /** An authenticator app or at least one passkey. */
  hasSecondFactor: boolean;
  /** An admin set the password: the user must choose a new one at the next sign-in. */
  mustChangePassword: boolean;
};

/** What the signed-in user must do before anything else: choose a password, set up a second factor. */
type SetupRequired = 'password' | 'second-factor';
export type SessionUser = { id: string; username: string; role: UserRole; setupRequired?: SetupRequired | null };

/**
 * GET /api/auth/draft-key?signIn={id}&signIn={id}: what a device needs for the data key that seals its
 * drafts. `current`: this sign-in's wrapping secret (32 bytes, base64url), null when nobody is signed in;
 * `previous`: the secrets of the user's earlier sign-ins the device named (to re-wrap its key), never of a
 * sign-in in `endedRemotely` (the named sign-ins ended from elsewhere: their keys are to be deleted).
 */
export type DraftKeyAnswer = {
  endedRemotely: string[];
  current: { userId: string; signInId: string; secret: string } | null;
  previous: Record<string, string>;
};

/** A sign-in session as its owner sees it. */
export type StaffSession = { id: string; device: string; address: string; createdAt: string; lastSeenAt: string; current: boolean };
export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** The 'Seguridad de la cuenta' screen's data. */
export type AccountSecurity = {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeys: Passkey[];
  noticeEmail: string | null;
  mustChangePassword: boolean;
  requireSecondFactor: boolean;
  /** An admin's choice of the weekly summary by e-mail (docs/summary.md), sent to the notice address. */
  weeklySummary: boolean;
};

/** How a sign-in was completed, and why a session ended, as the activity log shows them. */
export const signInMethodLabel: Record<string, string> = {
  password: 'Contraseña',
  totp: 'Contraseña y aplicación de autenticación',
  'recovery-code': 'Contraseña y código de recuperación',
  passkey: 'Llave de acceso',
  code: 'Código de verificación',
};
export const sessionEndReasonLabel: Record<string, string> = {
  logout: 'Cerró sesión',
  'ended-by-user': 'Cerrada por el usuario desde otra sesión',
  'ended-by-admin': 'Cerrada por un administrador',
  'password-changed': 'Cambio de contraseña',
  disabled: 'Usuario deshabilitado',
};
