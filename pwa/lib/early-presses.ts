// Presses and typing on a server-rendered page between the moment its code starts and the moment React
// has hydrated it and a deferred part listens (pwa/lib/deferred-part.tsx). The page is fully drawn then,
// so a visitor can press 'Cancelar' or 'Guardar', or type a time, while the page's chunk still
// downloads; React is not listening yet, a button with no handler does nothing, and keys typed into a
// date's or time's segments would change markup React then puts back. The entry starts this recorder
// before anything else; the part takes what it heard when it starts listening and repeats it once its
// code has arrived. Only what happens inside a deferred part is kept; a submit there is held (it would
// otherwise leave as a plain page request), and so is typing into an editable element (the segments).

/** Marks the element around a deferred part, on the server's HTML and in the browser alike. */
export const deferredPartAttribute = 'data-deferred-part';

export type EarlyPresses = {
  /** The button the last press went down on, or null. */
  pressedDown: HTMLButtonElement | null;
  /** The last button clicked (not a submit button: its form's submit is kept instead). */
  press: HTMLButtonElement | null;
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  /** Keys typed into editable elements (react-aria's date and time segments), in order, held for the replay. */
  typed: EarlyTyping[];
};

/** A key typed into an editable element that is no field: where, and what the browser was about to do. */
export type EarlyTyping = { target: HTMLElement; inputType: string; data: string | null };

let heard: EarlyPresses | null = null;
let stop: (() => void) | null = null;

const insidePart = (target: EventTarget | null): target is Element => target instanceof Element && target.closest(`[${deferredPartAttribute}]`) !== null;

/** Starts listening on the document (capture phase, before any handler of the page's own). */
export function recordEarlyPresses(): void {
  if (stop) return;
  const record: EarlyPresses = { pressedDown: null, press: null, submit: null, typed: [] };
  heard = record;
  const listeners: [string, (event: Event) => void][] = [
    ['pointerdown', (event) => insidePart(event.target) && (record.pressedDown = event.target.closest('button'))],
    [
      'click',
      (event) => {
        if (!insidePart(event.target)) return;
        // The press that went down has ended in this click.
        record.pressedDown = null;
        const button = event.target.closest('button');
        if (button && button.type !== 'submit') record.press = button;
      },
    ],
    [
      'submit',
      (event) => {
        if (!insidePart(event.target)) return;
        event.preventDefault();
        record.submit = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
      },
    ],
    [
      'beforeinput',
      (event) => {
        if (!insidePart(event.target) || !(event.target instanceof HTMLElement) || !event.target.isContentEditable) return;
        event.preventDefault();
        const { inputType, data } = event as InputEvent;
        record.typed.push({ target: event.target, inputType, data });
      },
    ],
  ];
  listeners.forEach(([type, listener]) => document.addEventListener(type, listener, true));
  stop = () => listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true));
}

/**
 * What was pressed inside `part` so far; the recorder stops, since the part listens from now on (and a
 * part rendered later, by a navigation inside the app, loads its code at once).
 */
export function takeEarlyPresses(part: Element): EarlyPresses {
  const record = heard ?? { pressedDown: null, press: null, submit: null, typed: [] };
  stop?.();
  stop = null;
  heard = null;
  const within = <T extends Element>(element: T | null) => (element && part.contains(element) ? element : null);
  const submit = record.submit && part.contains(record.submit.form) ? record.submit : null;
  return { pressedDown: within(record.pressedDown), press: within(record.press), submit, typed: record.typed.filter(({ target }) => part.contains(target)) };
}
