// An advance form: submitted, corrected by whoever sent it (a later save of the same draft, sent with the
// same key), then erased. A retried send of the version shown changes nothing; a save older than the one
// shown, arriving late, changes nothing either (docs/offline.md, 'Corrections and device clocks').
import { Conflict, NotFound, deviceClockSkewMs, deviceClockToleranceMs, type AdvanceFormData } from '../../domain';
import { diff, type Decider } from '../decider';
import type { Changes } from './record';

export type AdvanceFormEvent =
  | {
      type: 'AdvanceFormSubmitted';
      /** deviceTime: the device's clock when it sent the form; absent from forms sent before devices told it. */
      data: { form: AdvanceFormData; submittedBy: string | null; requestHash: string; createdAt: string; deviceTime?: string | null };
    }
  | {
      type: 'AdvanceFormCorrected';
      /** The whole new version, what it changed (for the history), and when the server received it. */
      data: { form: AdvanceFormData; changes: Changes; requestHash: string; correctedAt: string; deviceTime: string | null };
    }
  | { type: 'AdvanceFormErased'; data: Record<string, never> };

export type AdvanceFormCommand =
  | {
      type: 'Submit';
      form: AdvanceFormData;
      /** The staff member sending it; null from the public form. */
      submittedBy: string | null;
      requestHash: string;
      /** When the server received the request. */
      at: Date;
      /** The device's clock when it sent the request (the `Device-Time` header), null when not told. */
      deviceTime: string | null;
    }
  | { type: 'Erase' };

/** The version shown, with what orders it against another: the device's save time and clocks. */
type Version = { form: AdvanceFormData; requestHash: string; deviceTime: string | null; receivedAt: string };

type State = { status: 'new' } | { status: 'submitted'; submittedBy: string | null; current: Version } | { status: 'erased' };

const anotherSubmitterMessage = 'Solo quien envió este formulario puede corregirlo';

export const advanceForm: Decider<State, AdvanceFormCommand, AdvanceFormEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve(state, event) {
    if (event.type === 'AdvanceFormSubmitted') {
      const { form, requestHash, deviceTime, createdAt, submittedBy } = event.data;
      return { status: 'submitted', submittedBy, current: { form, requestHash, deviceTime: deviceTime ?? null, receivedAt: createdAt } };
    }
    if (event.type === 'AdvanceFormCorrected' && state.status === 'submitted') {
      const { form, requestHash, deviceTime, correctedAt } = event.data;
      return { ...state, current: { form, requestHash, deviceTime, receivedAt: correctedAt } };
    }
    if (event.type === 'AdvanceFormErased') return { status: 'erased' };
    return state;
  },
  decide(command, state) {
    if (command.type === 'Submit') {
      if (state.status === 'erased') throw new Conflict('Este formulario fue eliminado');
      const { form, submittedBy, requestHash, at, deviceTime } = command;
      if (state.status === 'new') return [{ type: 'AdvanceFormSubmitted', data: { form, submittedBy, requestHash, createdAt: at.toISOString(), deviceTime } }];
      // A retried send of what the record shows.
      if (state.current.requestHash === requestHash) return [];
      if (submittedBy !== state.submittedBy) throw new Conflict(anotherSubmitterMessage);
      const incoming: Version = { form, requestHash, deviceTime, receivedAt: at.toISOString() };
      // An older save that arrived after a newer one: the newer text stays.
      if (!savedLater(incoming, state.current)) return [];
      const changes = diff(state.current.form, withEveryField(state.current.form, form));
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'AdvanceFormCorrected', data: { form, changes, requestHash, correctedAt: at.toISOString(), deviceTime } }];
    }
    if (state.status !== 'submitted') throw new NotFound('Formulario no encontrado');
    return [{ type: 'AdvanceFormErased', data: {} }];
  },
};

/**
 * Whether `incoming` was saved on the device after `current`, by the device's save time ('Guardar
 * Formulario' writes completedOnSiteAt). A save cannot come after its own send, so a save time past the
 * device's time of sending counts as that time (the clock was set back in between). When the device's
 * clock moved between the two sends, both are compared in the server's time instead. Equal or unknown
 * save times: the later arrival wins, since a device only ever sends its latest save. Equal comes first:
 * a draft opened again and edited keeps the time 'Guardar' wrote, and if the clock was put right in
 * between, the two sends' clocks would set that one save time apart.
 */
function savedLater(incoming: Version, current: Version): boolean {
  const savedAt = (v: Version) => (v.form.completedOnSiteAt ? Date.parse(v.form.completedOnSiteAt) : null);
  if (savedAt(incoming) === savedAt(current)) return true;
  const saved = (v: Version) => {
    const at = savedAt(v);
    return at === null || v.deviceTime === null ? at : Math.min(at, Date.parse(v.deviceTime));
  };
  const skew = (v: Version) => (v.deviceTime ? deviceClockSkewMs(v) : null);
  const [a, b] = [saved(incoming), saved(current)];
  if (a === null || b === null) return true;
  const [skewA, skewB] = [skew(incoming), skew(current)];
  if (skewA !== null && skewB !== null && Math.abs(skewA - skewB) > deviceClockToleranceMs) return a - skewA >= b - skewB;
  return a >= b;
}

/** `next` with every field of `previous` it lacks as null, so a field a correction dropped shows as changed. */
const withEveryField = (previous: AdvanceFormData, next: AdvanceFormData): Record<string, unknown> => ({
  ...Object.fromEntries(Object.keys(previous).map((key) => [key, null])),
  ...next,
});
