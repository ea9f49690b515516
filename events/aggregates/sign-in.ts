// One sign-in and the session it opened: each has a stream of its own (the session's id), so
// sign-ins never re-read, nor collide on, the user's stream. A failed attempt, or the lockout that
// failures started, is a one-event stream.
import { Conflict } from '../../domain';
import type { Decider } from '../decider';

export type SignInMethod = 'password' | 'totp' | 'recovery-code' | 'passkey';
export type SessionEndReason = 'logout' | 'ended-by-user' | 'ended-by-admin' | 'password-changed' | 'disabled';
/** A secret whose failures lock the account for a while: the sign-in password, its code, or the current password asked in a session. */
export type GuessedSecret = 'password' | 'code' | 'current-password';
/** Where a sign-in came from, as the sessions list and the notices show it. */
type SignInPlace = { device: string; address: string };

export type SignInEvent =
  | { type: 'UserSignedIn'; data: SignInPlace & { userId: string; username: string; method: SignInMethod; passkeyId?: string; passkeyCounter?: number } }
  /** What a notice e-mail needs; no secret. `noticeEmail` null: the user asked for none. */
  | { type: 'UserSignedInFromNewDevice'; data: SignInPlace & { userId: string; username: string; noticeEmail: string | null; at: string } }
  | { type: 'UserSignInFailed'; data: { username: string; userId: string | null; reason: 'password' | 'code' | 'passkey'; address: string } }
  | { type: 'UserSessionEnded'; data: { userId: string; reason: SessionEndReason } }
  /** Too many failures of `secret` locked the account until `lockedUntil`; what its notice needs, no secret. */
  | {
      type: 'UserLockedOut';
      data: { userId: string; username: string; noticeEmail: string | null; secret: GuessedSecret; address: string; lockedUntil: string; at: string };
    };

export type SignInCommand =
  | {
      type: 'RecordSignIn';
      userId: string;
      username: string;
      method: SignInMethod;
      place: SignInPlace;
      at: Date;
      passkey?: { id: string; counter: number };
      newDevice: { noticeEmail: string | null } | null;
    }
  | { type: 'RecordFailure'; username: string; userId: string | null; reason: 'password' | 'code' | 'passkey'; address: string }
  | { type: 'End'; reason: SessionEndReason }
  | {
      type: 'RecordLockout';
      userId: string;
      username: string;
      noticeEmail: string | null;
      secret: GuessedSecret;
      address: string;
      lockedUntil: Date;
      at: Date;
    };

type State = { status: 'new' } | { status: 'open'; userId: string } | { status: 'closed' };

export const signIn: Decider<State, SignInCommand, SignInEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserSignedIn':
        return { status: 'open', userId: event.data.userId };
      case 'UserSignInFailed':
      case 'UserLockedOut':
      case 'UserSessionEnded':
        return { status: 'closed' };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'End') {
      // Ending a session twice (two tabs, a sweep) records it once.
      return state.status === 'open' ? [{ type: 'UserSessionEnded', data: { userId: state.userId, reason: command.reason } }] : [];
    }
    if (state.status !== 'new') throw new Conflict('Ese inicio de sesión ya está registrado');
    if (command.type === 'RecordFailure') {
      const { username, userId, reason, address } = command;
      return [{ type: 'UserSignInFailed', data: { username, userId, reason, address } }];
    }
    if (command.type === 'RecordLockout') {
      // A lockout, like a failure, is a stream of one event: the lockouts table chose the one attempt that records it.
      const { userId, username, noticeEmail, secret, address, lockedUntil, at } = command;
      return [
        { type: 'UserLockedOut', data: { userId, username, noticeEmail, secret, address, lockedUntil: lockedUntil.toISOString(), at: at.toISOString() } },
      ];
    }
    const { userId, username, method, place, passkey, newDevice, at } = command;
    const events: SignInEvent[] = [
      {
        type: 'UserSignedIn',
        data: { userId, username, method, ...place, ...(passkey ? { passkeyId: passkey.id, passkeyCounter: passkey.counter } : {}) },
      },
    ];
    if (newDevice) {
      events.push({ type: 'UserSignedInFromNewDevice', data: { userId, username, noticeEmail: newDevice.noticeEmail, ...place, at: at.toISOString() } });
    }
    return events;
  },
};
