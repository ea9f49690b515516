// A staff user: registered, role and password changed, disabled or enabled, signed in.
import { Conflict, NotFound, type UserRole } from '../../domain';
import type { Decider } from '../decider';

export type UserEvent =
  | { type: 'UserRegistered'; data: { username: string; role: UserRole; passwordHash: string; createdAt: string } }
  | { type: 'UserRoleChanged'; data: { from: UserRole; to: UserRole } }
  | { type: 'UserPasswordChanged'; data: { passwordHash: string } }
  | { type: 'UserDisabled'; data: Record<string, never> }
  | { type: 'UserEnabled'; data: Record<string, never> }
  | { type: 'UserLoggedIn'; data: Record<string, never> }
  | { type: 'UserLoggedOut'; data: Record<string, never> };

export type UserCommand =
  | { type: 'Register'; username: string; role: UserRole; passwordHash: string; at: Date }
  | { type: 'Change'; role?: UserRole; passwordHash?: string; disabled?: boolean }
  | { type: 'RecordLogin' }
  | { type: 'RecordLogout' };

type State = { status: 'new' } | { status: 'active' | 'disabled'; role: UserRole };

export const user: Decider<State, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': return { status: 'active', role: event.data.role };
      case 'UserRoleChanged': return state.status === 'new' ? state : { ...state, role: event.data.to };
      case 'UserDisabled': return state.status === 'new' ? state : { ...state, status: 'disabled' };
      case 'UserEnabled': return state.status === 'new' ? state : { ...state, status: 'active' };
      default: return state;
    }
  },
  decide(command, state) {
    if (command.type === 'Register') {
      if (state.status !== 'new') throw new Conflict('El usuario ya existe');
      const { username, role, passwordHash, at } = command;
      return [{ type: 'UserRegistered', data: { username, role, passwordHash, createdAt: at.toISOString() } }];
    }
    if (state.status === 'new') throw new NotFound('Usuario no encontrado');
    if (command.type === 'RecordLogin') return [{ type: 'UserLoggedIn', data: {} }];
    if (command.type === 'RecordLogout') return [{ type: 'UserLoggedOut', data: {} }];
    const events: UserEvent[] = [];
    // That an active admin remains is checked across users in the append's transaction (projections/users.ts).
    if (command.role !== undefined && command.role !== state.role) events.push({ type: 'UserRoleChanged', data: { from: state.role, to: command.role } });
    if (command.passwordHash) events.push({ type: 'UserPasswordChanged', data: { passwordHash: command.passwordHash } });
    if (command.disabled === true && state.status === 'active') events.push({ type: 'UserDisabled', data: {} });
    if (command.disabled === false && state.status === 'disabled') events.push({ type: 'UserEnabled', data: {} });
    return events;
  },
};
