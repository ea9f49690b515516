// A contact message: received (once per Idempotency-Key), read, resolved, annotated by staff, erased.
import { canChangeStatus, Conflict, contactStatusLabel, NotFound, type ContactStatus, type SiteLanguage } from '../../domain';
import type { Decider } from '../decider';

export type ContactMessageEvent =
  | {
      type: 'ContactMessageReceived';
      /**
       * `requestHash`: the submission's fingerprint, so a retry with the same key and body is recognised (absent on old events).
       * `language`: the site edition it came from; messages recorded before it existed were all Spanish.
       */
      data: { name: string; email: string; phone: string | null; message: string; createdAt: string; requestHash?: string; language?: SiteLanguage };
    }
  | { type: 'ContactStatusChanged'; data: { from: ContactStatus; to: ContactStatus } }
  /** An internal note by staff: never shown to the sender; erased with the message. */
  | { type: 'ContactNoteAdded'; data: { text: string } }
  | { type: 'ContactMessageErased'; data: Record<string, never> };

export type ContactMessageCommand =
  | { type: 'Receive'; name: string; email: string; phone: string | null; message: string; at: Date; requestHash?: string; language?: SiteLanguage }
  | { type: 'ChangeStatus'; to: ContactStatus }
  | { type: 'AddNote'; text: string }
  | { type: 'Erase' };

type State = { status: 'new' } | { status: 'erased' } | { status: ContactStatus; requestHash?: string };

const notFound = () => new NotFound('Mensaje no encontrado');

export const contactMessage: Decider<State, ContactMessageCommand, ContactMessageEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { status: 'unread', requestHash: event.data.requestHash };
      case 'ContactStatusChanged':
        return { ...state, status: event.data.to };
      case 'ContactNoteAdded':
        return state;
      case 'ContactMessageErased':
        return { status: 'erased' };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Receive': {
        if (state.status === 'erased') throw new Conflict('Este mensaje fue eliminado');
        if (state.status !== 'new') {
          // The same submission sent again (a lost answer): nothing new. Another body with the same key: a conflict.
          if (command.requestHash && 'requestHash' in state && state.requestHash === command.requestHash) return [];
          throw new Conflict('Esta clave de idempotencia ya se usó con otro mensaje');
        }
        const { name, email, phone, message, at, requestHash, language } = command;
        return [
          {
            type: 'ContactMessageReceived',
            data: { name, email, phone, message, createdAt: at.toISOString(), ...(requestHash ? { requestHash } : {}), ...(language ? { language } : {}) },
          },
        ];
      }
      case 'ChangeStatus': {
        if (state.status === 'new' || state.status === 'erased') throw notFound();
        if (state.status === command.to) return [];
        if (!canChangeStatus(state.status, command.to)) {
          throw new Conflict(`Un mensaje ${contactStatusLabel[state.status].toLowerCase()} no puede pasar a ${contactStatusLabel[command.to].toLowerCase()}`);
        }
        return [{ type: 'ContactStatusChanged', data: { from: state.status, to: command.to } }];
      }
      case 'AddNote': {
        if (state.status === 'new' || state.status === 'erased') throw notFound();
        return [{ type: 'ContactNoteAdded', data: { text: command.text } }];
      }
      case 'Erase': {
        if (state.status === 'new' || state.status === 'erased') throw notFound();
        return [{ type: 'ContactMessageErased', data: {} }];
      }
    }
  },
};
