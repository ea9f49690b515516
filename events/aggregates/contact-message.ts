// A contact message: received, read, resolved, erased.
import { canChangeStatus, Conflict, contactStatusLabel, NotFound, type ContactStatus, type SiteLanguage } from '../../domain';
import type { Decider } from '../decider';

export type ContactMessageEvent =
  // language: the site edition it came from; messages recorded before it existed were all Spanish.
  | { type: 'ContactMessageReceived'; data: { name: string; email: string; phone: string | null; message: string; createdAt: string; language?: SiteLanguage } }
  | { type: 'ContactStatusChanged'; data: { from: ContactStatus; to: ContactStatus } }
  | { type: 'ContactMessageErased'; data: Record<string, never> };

export type ContactMessageCommand =
  | { type: 'Receive'; name: string; email: string; phone: string | null; message: string; at: Date; language?: SiteLanguage }
  | { type: 'ChangeStatus'; to: ContactStatus }
  | { type: 'Erase' };

type State = { status: 'new' } | { status: 'erased' } | { status: ContactStatus };

const notFound = () => new NotFound('Mensaje no encontrado');

export const contactMessage: Decider<State, ContactMessageCommand, ContactMessageEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactMessageReceived': return { status: 'unread' };
      case 'ContactStatusChanged': return { status: event.data.to };
      case 'ContactMessageErased': return { status: 'erased' };
      default: return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Receive': {
        if (state.status !== 'new') throw new Conflict('El mensaje ya existe');
        const { name, email, phone, message, at, language } = command;
        return [{ type: 'ContactMessageReceived', data: { name, email, phone, message, createdAt: at.toISOString(), ...(language ? { language } : {}) } }];
      }
      case 'ChangeStatus': {
        if (state.status === 'new' || state.status === 'erased') throw notFound();
        if (state.status === command.to) return [];
        if (!canChangeStatus(state.status, command.to)) {
          throw new Conflict(`Un mensaje ${contactStatusLabel[state.status].toLowerCase()} no puede pasar a ${contactStatusLabel[command.to].toLowerCase()}`);
        }
        return [{ type: 'ContactStatusChanged', data: { from: state.status, to: command.to } }];
      }
      case 'Erase': {
        if (state.status === 'new' || state.status === 'erased') throw notFound();
        return [{ type: 'ContactMessageErased', data: {} }];
      }
    }
  },
};
