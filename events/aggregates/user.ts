// A staff user: registered, role and password changed, disabled or enabled, and the second factors
// (authenticator app with its recovery codes, passkeys) and notice address of the account.
// Sign-ins and sessions are not here: each has its own stream (see sign-in.ts).
import { Conflict, NotFound, Unauthorized, type UserRole } from '../../domain';
import type { Decider } from '../decider';

export type PasskeyData = { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string; createdAt: string };

export type UserEvent =
  | { type: 'UserRegistered'; data: { username: string; role: UserRole; passwordHash: string; createdAt: string } }
  | { type: 'UserRoleChanged'; data: { from: UserRole; to: UserRole } }
  /** `mustChange`: set by an admin, so the user chooses another at the next sign-in. */
  | { type: 'UserPasswordChanged'; data: { passwordHash: string; mustChange?: boolean } }
  | { type: 'UserDisabled'; data: Record<string, never> }
  | { type: 'UserEnabled'; data: Record<string, never> }
  /** Older logs: sign-ins used to be recorded on the user's own stream. */
  | { type: 'UserLoggedIn'; data: Record<string, never> }
  | { type: 'UserLoggedOut'; data: Record<string, never> }
  | { type: 'UserTotpEnabled'; data: { totpSecret: string; recoveryCodeHashes: string[] } }
  | { type: 'UserTotpDisabled'; data: Record<string, never> }
  | { type: 'UserRecoveryCodeUsed'; data: { codeHash: string } }
  | { type: 'UserPasskeyRegistered'; data: PasskeyData }
  | { type: 'UserPasskeyRemoved'; data: { credentialId: string; name: string } }
  | { type: 'UserNoticeEmailChanged'; data: { from: string | null; to: string | null } }
  /** An admin's choice of the weekly summary by e-mail. */
  | { type: 'UserWeeklySummaryChanged'; data: { from: boolean; to: boolean } };

export type UserCommand =
  | { type: 'Register'; username: string; role: UserRole; passwordHash: string; at: Date }
  | {
      type: 'Change';
      role?: UserRole;
      passwordHash?: string;
      mustChangePassword?: boolean;
      disabled?: boolean;
      noticeEmail?: string | null;
      weeklySummary?: boolean;
      /** The authenticator app and every passkey taken away at once (an admin's reset for a user who lost them). */
      removeSecondFactors?: boolean;
    }
  | { type: 'EnableTotp'; totpSecret: string; recoveryCodeHashes: string[] }
  | { type: 'DisableTotp' }
  | { type: 'UseRecoveryCode'; codeHash: string }
  | { type: 'RegisterPasskey'; passkey: PasskeyData }
  | { type: 'RemovePasskey'; credentialId: string };

type Account = {
  role: UserRole;
  totp: boolean;
  recoveryCodes: string[];
  passkeys: Map<string, string>;
  noticeEmail: string | null;
  weeklySummary: boolean;
};
type State = { status: 'new' } | ({ status: 'active' | 'disabled' } & Account);

function evolveAccount(account: Account, event: UserEvent): Account {
  switch (event.type) {
    case 'UserRoleChanged':
      return { ...account, role: event.data.to };
    case 'UserTotpEnabled':
      return { ...account, totp: true, recoveryCodes: event.data.recoveryCodeHashes };
    case 'UserTotpDisabled':
      return { ...account, totp: false, recoveryCodes: [] };
    case 'UserRecoveryCodeUsed':
      return { ...account, recoveryCodes: account.recoveryCodes.filter((hash) => hash !== event.data.codeHash) };
    case 'UserPasskeyRegistered':
      return { ...account, passkeys: new Map(account.passkeys).set(event.data.credentialId, event.data.name) };
    case 'UserPasskeyRemoved': {
      const passkeys = new Map(account.passkeys);
      passkeys.delete(event.data.credentialId);
      return { ...account, passkeys };
    }
    case 'UserNoticeEmailChanged':
      return { ...account, noticeEmail: event.data.to };
    case 'UserWeeklySummaryChanged':
      return { ...account, weeklySummary: event.data.to };
    default:
      return account;
  }
}

export const user: Decider<State, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'active', role: event.data.role, totp: false, recoveryCodes: [], passkeys: new Map(), noticeEmail: null, weeklySummary: false };
    }
    if (state.status === 'new') return state;
    if (event.type === 'UserDisabled') return { ...state, status: 'disabled' };
    if (event.type === 'UserEnabled') return { ...state, status: 'active' };
    return { ...state, ...evolveAccount(state, event) };
  },
  decide(command, state) {
    if (command.type === 'Register') {
      if (state.status !== 'new') throw new Conflict('El usuario ya existe');
      const { username, role, passwordHash, at } = command;
      return [{ type: 'UserRegistered', data: { username, role, passwordHash, createdAt: at.toISOString() } }];
    }
    if (state.status === 'new') throw new NotFound('Usuario no encontrado');
    switch (command.type) {
      case 'Change':
        return decideChange(command, state);
      case 'EnableTotp':
        if (state.totp) throw new Conflict('La aplicación de autenticación ya está activa');
        return [{ type: 'UserTotpEnabled', data: { totpSecret: command.totpSecret, recoveryCodeHashes: command.recoveryCodeHashes } }];
      case 'DisableTotp':
        return state.totp ? [{ type: 'UserTotpDisabled', data: {} }] : [];
      case 'UseRecoveryCode':
        // Two sign-ins with the same code at once: the second re-reads the stream and finds it spent.
        if (!state.recoveryCodes.includes(command.codeHash)) throw new Unauthorized('Código incorrecto');
        return [{ type: 'UserRecoveryCodeUsed', data: { codeHash: command.codeHash } }];
      case 'RegisterPasskey':
        if (state.passkeys.has(command.passkey.credentialId)) throw new Conflict('Esa llave de acceso ya está registrada');
        return [{ type: 'UserPasskeyRegistered', data: command.passkey }];
      case 'RemovePasskey': {
        const name = state.passkeys.get(command.credentialId);
        if (name === undefined) throw new NotFound('Llave de acceso no encontrada');
        return [{ type: 'UserPasskeyRemoved', data: { credentialId: command.credentialId, name } }];
      }
    }
  },
};

function decideChange(command: Extract<UserCommand, { type: 'Change' }>, state: Exclude<State, { status: 'new' }>): UserEvent[] {
  const events: UserEvent[] = [];
  // That an active admin remains is checked across users in the append's transaction (projections/users.ts).
  if (command.role !== undefined && command.role !== state.role) events.push({ type: 'UserRoleChanged', data: { from: state.role, to: command.role } });
  if (command.passwordHash) {
    events.push({ type: 'UserPasswordChanged', data: { passwordHash: command.passwordHash, mustChange: Boolean(command.mustChangePassword) } });
  }
  if (command.disabled === true && state.status === 'active') events.push({ type: 'UserDisabled', data: {} });
  if (command.disabled === false && state.status === 'disabled') events.push({ type: 'UserEnabled', data: {} });
  if (command.noticeEmail !== undefined && command.noticeEmail !== state.noticeEmail) {
    events.push({ type: 'UserNoticeEmailChanged', data: { from: state.noticeEmail, to: command.noticeEmail } });
  }
  if (command.weeklySummary !== undefined && command.weeklySummary !== state.weeklySummary) {
    events.push({ type: 'UserWeeklySummaryChanged', data: { from: state.weeklySummary, to: command.weeklySummary } });
  }
  if (command.removeSecondFactors) {
    if (state.totp) events.push({ type: 'UserTotpDisabled', data: {} });
    for (const [credentialId, name] of state.passkeys) events.push({ type: 'UserPasskeyRemoved', data: { credentialId, name } });
  }
  return events;
}
