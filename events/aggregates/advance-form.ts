// An advance form: submitted once (a retried submission with the same body changes nothing), then erased.
import { Conflict, NotFound, type AdvanceFormData } from '../../domain';
import type { Decider } from '../decider';

export type AdvanceFormEvent =
  | { type: 'AdvanceFormSubmitted'; data: { form: AdvanceFormData; submittedBy: string | null; requestHash: string; createdAt: string } }
  | { type: 'AdvanceFormErased'; data: Record<string, never> };

export type AdvanceFormCommand = { type: 'Submit'; form: AdvanceFormData; submittedBy: string | null; requestHash: string; at: Date } | { type: 'Erase' };

type State = { status: 'new' } | { status: 'submitted'; requestHash: string } | { status: 'erased' };

export const advanceForm: Decider<State, AdvanceFormCommand, AdvanceFormEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    if (event.type === 'AdvanceFormSubmitted') return { status: 'submitted', requestHash: event.data.requestHash };
    if (event.type === 'AdvanceFormErased') return { status: 'erased' };
    return state;
  },
  decide(command, state) {
    if (command.type === 'Submit') {
      if (state.status === 'submitted') {
        if (state.requestHash === command.requestHash) return [];
        throw new Conflict('Esta clave de idempotencia ya se usó con otro formulario');
      }
      if (state.status === 'erased') throw new Conflict('Este formulario fue eliminado');
      const { form, submittedBy, requestHash, at } = command;
      return [{ type: 'AdvanceFormSubmitted', data: { form, submittedBy, requestHash, createdAt: at.toISOString() } }];
    }
    if (state.status !== 'submitted') throw new NotFound('Formulario no encontrado');
    return [{ type: 'AdvanceFormErased', data: {} }];
  },
};
