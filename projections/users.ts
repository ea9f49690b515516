// Staff accounts: the users projector (account, factors, sign-ins, security settings), the queries on
// those tables, and the one rule over every user: the site always keeps at least one active admin.
import { Conflict, type AccountSecurity, type Passkey, type User } from '../domain';
import { eventTypes, typedProjector, unhandled, type SecuritySettingsEvent, type SignInEvent, type Sql, type StoredEvent, type UserEvent } from '../events';
import type { Page, PasskeyRow, UserWithFactorRow } from './rows';
import { pageOf } from './paged';

const iso = (value: string | Date | null): string | null => (value ? new Date(value).toISOString() : null);
const isoOf = (value: string | Date): string => new Date(value).toISOString();

/**
 * Run in the append's transaction after the projectors, for a change that may demote or disable an
 * admin. Two admins demoting or disabling each other at once queue on one lock, and each counts what
 * the other committed, so neither leaves the site without one.
 */
export async function anActiveAdminRemains(tx: Sql): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(727275)');
  const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled`);
  if (Number(n) < 1) throw new Conflict('No se puede deshabilitar ni cambiar el rol del último administrador activo');
}

async function projectUserEvent(tx: Sql, event: StoredEvent<UserEvent>) {
  const id = event.streamId;
  switch (event.type) {
    case 'UserRegistered': {
      const { username, passwordHash, role, createdAt } = event.data;
      await tx.query('INSERT INTO users (id, username, password_hash, role, created_at) VALUES ($1,$2,$3,$4,$5)', [
        id,
        username,
        passwordHash,
        role,
        createdAt,
      ]);
      return;
    }
    case 'UserRoleChanged':
      await tx.query('UPDATE users SET role = $2 WHERE id = $1', [id, event.data.to]);
      return;
    case 'UserPasswordChanged':
      await tx.query('UPDATE users SET password_hash = $2, must_change_password = $3 WHERE id = $1', [
        id,
        event.data.passwordHash,
        Boolean(event.data.mustChange),
      ]);
      return;
    case 'UserDisabled':
    case 'UserEnabled':
      await tx.query('UPDATE users SET disabled = $2 WHERE id = $1', [id, event.type === 'UserDisabled']);
      return;
    case 'UserTotpEnabled':
      await tx.query('UPDATE users SET totp_secret = $2, recovery_code_hashes = $3::jsonb WHERE id = $1', [
        id,
        event.data.totpSecret,
        JSON.stringify(event.data.recoveryCodeHashes),
      ]);
      return;
    case 'UserTotpDisabled':
      await tx.query(`UPDATE users SET totp_secret = NULL, recovery_code_hashes = '[]'::jsonb WHERE id = $1`, [id]);
      return;
    case 'UserRecoveryCodeUsed':
      await tx.query('UPDATE users SET recovery_code_hashes = recovery_code_hashes - $2::text WHERE id = $1', [id, event.data.codeHash]);
      return;
    case 'UserPasskeyRegistered': {
      const { credentialId, publicKey, counter, transports, name, createdAt } = event.data;
      await tx.query(
        'INSERT INTO user_passkeys (credential_id, user_id, public_key, counter, transports, name, created_at) VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7)',
        [credentialId, id, publicKey, counter, JSON.stringify(transports), name, createdAt],
      );
      return;
    }
    case 'UserPasskeyRemoved':
      await tx.query('DELETE FROM user_passkeys WHERE credential_id = $1 AND user_id = $2', [event.data.credentialId, id]);
      return;
    case 'UserNoticeEmailChanged':
      await tx.query('UPDATE users SET notice_email = $2 WHERE id = $1', [id, event.data.to]);
      return;
    case 'UserWeeklySummaryChanged':
      await tx.query('UPDATE users SET weekly_summary = $2 WHERE id = $1', [id, event.data.to]);
      return;
    case 'UserLoggedIn':
      // Older logs: the sign-in was on the user's stream.
      await tx.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [id, event.recordedAt.toISOString()]);
      return;
    case 'UserLoggedOut':
      return;
    default:
      unhandled(event);
  }
}

async function projectSignInEvent(tx: Sql, event: StoredEvent<SignInEvent>) {
  switch (event.type) {
    case 'UserSignedIn': {
      const at = event.recordedAt.toISOString();
      await tx.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [event.data.userId, at]);
      if (event.data.passkeyId) {
        await tx.query('UPDATE user_passkeys SET counter = $2, last_used_at = $3 WHERE credential_id = $1', [
          event.data.passkeyId,
          event.data.passkeyCounter ?? 0,
          at,
        ]);
      }
      return;
    }
    // Read by the notifications processor and the history, not by a read table.
    case 'UserSignedInFromNewDevice':
    case 'UserSignInFailed':
    case 'UserLockedOut':
    case 'UserSessionEnded':
      return;
    default:
      unhandled(event);
  }
}

type StaffEvent = UserEvent | SignInEvent | SecuritySettingsEvent;
const userTypes = new Set<string>(eventTypes.user);
const signInTypes = new Set<string>(eventTypes.signIn);

export const usersProjector = typedProjector<StaffEvent>({
  name: 'users',
  uniqueRules: { users_username_key: { field: 'username', message: 'Ese nombre de usuario ya existe' } },
  handles: [...eventTypes.user, ...eventTypes.signIn, ...eventTypes.securitySettings],
  async project(tx, event) {
    // The catalogue says which aggregate a type belongs to; each aggregate's union types its data.
    if (userTypes.has(event.type)) return projectUserEvent(tx, event as StoredEvent<UserEvent>);
    if (signInTypes.has(event.type)) return projectSignInEvent(tx, event as StoredEvent<SignInEvent>);
    const { data } = event as StoredEvent<SecuritySettingsEvent>;
    await tx.query(
      `INSERT INTO security_settings (id, require_second_factor) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET require_second_factor = excluded.require_second_factor`,
      [data.requireSecondFactor.to],
    );
  },
});

const userColumns = `u.*, (u.totp_secret IS NOT NULL OR EXISTS (SELECT 1 FROM user_passkeys p WHERE p.user_id = u.id)) AS has_second_factor`;

const toUser = (r: UserWithFactorRow): User => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled,
  createdAt: isoOf(r.created_at),
  noticeEmail: r.notice_email ?? null,
  hasSecondFactor: Boolean(r.has_second_factor),
  mustChangePassword: Boolean(r.must_change_password),
});
const toPasskey = (r: PasskeyRow): Passkey => ({ id: r.credential_id, name: r.name, createdAt: isoOf(r.created_at), lastUsedAt: iso(r.last_used_at) });

export type StoredPasskey = { id: string; userId: string; publicKey: string; counter: number; transports: string[] };
const toStoredPasskey = (r: PasskeyRow): StoredPasskey => ({
  id: r.credential_id,
  userId: r.user_id,
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: r.transports,
});

export type UserCredentials = User & { passwordHash: string; totpSecret: string | null; recoveryCodeHashes: string[] };

export function userQueries(sql: Sql) {
  const requireSecondFactor = async () =>
    Boolean(
      (await sql.query<{ require_second_factor: boolean }>('SELECT require_second_factor FROM security_settings WHERE id = 1'))[0]?.require_second_factor,
    );
  /** For sign-in only: the one query that returns the password hash and the app's secret. */
  const credentials = async (username: string): Promise<UserCredentials | null> => {
    const [row] = await sql.query<UserWithFactorRow>(`SELECT ${userColumns} FROM users u WHERE lower(username) = lower($1)`, [username]);
    return row ? { ...toUser(row), passwordHash: row.password_hash, totpSecret: row.totp_secret, recoveryCodeHashes: row.recovery_code_hashes } : null;
  };
  const passkeysOf = async (userId: string): Promise<Passkey[]> =>
    (await sql.query<PasskeyRow>('SELECT * FROM user_passkeys WHERE user_id = $1 ORDER BY created_at', [userId])).map(toPasskey);
  return {
    page: (limit: number, offset: number): Promise<Page<User>> =>
      pageOf(sql, { columns: userColumns, from: 'users u', order: 'ORDER BY created_at, username' }, limit, offset, toUser),
    byId: async (id: string): Promise<User | null> => {
      const [row] = await sql.query<UserWithFactorRow>(`SELECT ${userColumns} FROM users u WHERE id = $1`, [id]);
      return row ? toUser(row) : null;
    },
    credentials,
    /** The same, by id (a signed-in user confirming a change with the current password). */
    credentialsById: async (id: string): Promise<UserCredentials | null> => {
      const [row] = await sql.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [id]);
      return row ? credentials(row.username) : null;
    },
    activeAdminCount: async (): Promise<number> =>
      Number((await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled`))[0].n),
    count: async (): Promise<number> => Number((await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n),
    requireSecondFactor,
    passkeysOf,
    passkeyCredentialsOf: async (userId: string): Promise<StoredPasskey[]> =>
      (await sql.query<PasskeyRow>('SELECT * FROM user_passkeys WHERE user_id = $1', [userId])).map(toStoredPasskey),
    passkey: async (credentialId: string): Promise<StoredPasskey | null> => {
      const [row] = await sql.query<PasskeyRow>('SELECT * FROM user_passkeys WHERE credential_id = $1', [credentialId]);
      return row ? toStoredPasskey(row) : null;
    },
    security: async (userId: string): Promise<AccountSecurity | null> => {
      const [row] = await sql.query<
        Pick<UserWithFactorRow, 'totp_secret' | 'recovery_code_hashes' | 'notice_email' | 'must_change_password' | 'weekly_summary'>
      >('SELECT totp_secret, recovery_code_hashes, notice_email, must_change_password, weekly_summary FROM users WHERE id = $1', [userId]);
      if (!row) return null;
      return {
        totpEnabled: row.totp_secret !== null,
        recoveryCodesLeft: row.recovery_code_hashes.length,
        passkeys: await passkeysOf(userId),
        noticeEmail: row.notice_email,
        mustChangePassword: row.must_change_password,
        requireSecondFactor: await requireSecondFactor(),
        weeklySummary: Boolean(row.weekly_summary),
      };
    },
  };
}
