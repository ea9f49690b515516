// The news dialog's autosave line ('Guardado hace 12 s'), read out politely when it changes. It keeps its
// own clock, so the dialog around it does not render every second.
import { useNow } from '../../../lib/use-now';
import { autosaveLine } from './dialog-values';
import type { AutosaveState } from './useAutosave';

export function AutosaveLine({ state }: { state: AutosaveState }) {
  const now = useNow('at' in state);
  return (
    <p aria-live="polite" className="text-sm text-slate-600">
      {autosaveLine(state, now)}
    </p>
  );
}
