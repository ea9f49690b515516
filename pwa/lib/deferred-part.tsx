// A server-rendered part of a page whose JavaScript waits until the visitor reaches for it: a form's
// fields, labels and help are in the first HTML, and its code (react-aria, react-hook-form, zod, the
// drafts) loads at the first touch, key, focus or typing inside it, so a first visit downloads no more
// than the home page does (docs/advance-form-rendering.md).
// Until the code arrives React leaves the server's markup as it is (a Suspense boundary not hydrated
// yet): nothing flashes or moves, and the native fields already take text. Nothing done meanwhile is
// lost: text typed and boxes ticked are handed to the components once they hydrate, and the last press
// on a button, or a submit, is repeated then.
// Rendered in the browser instead (the offline app shell, a navigation inside the app), the part loads at once.
import { createContext, createElement, lazy, Suspense, useContext, useEffect, useRef, type ComponentType } from 'react';

export type DeferredPartOptions = {
  /** Load at once anyway (a device that holds drafts, a draft asked for by its link). */
  eager?: () => boolean | Promise<boolean>;
};

type Field = HTMLInputElement | HTMLTextAreaElement;
/** Text typed into an editable element that is no field (react-aria's date and time segments). */
type Typed = { target: HTMLElement; inputType: string; data: string | null };
/** What the visitor did before the code arrived. */
type Pending = {
  values: Map<Field, string | boolean>;
  typed: Typed[];
  press: HTMLButtonElement | null;
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
};

const Arrived = createContext<(() => void) | null>(null);

// Before the code arrives, React stops these at the root (the boundary is not hydrated): the part hears
// them first, on the document in the capture phase.
const wakeEvents = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'pointerover'] as const;

export function deferredPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: DeferredPartOptions = {}): ComponentType<P> {
  // Every wake-up (a touch, a key, the connection coming back) resolves the current wait.
  let wake: () => void = () => undefined;
  const nextWake = () => new Promise<void>((resolve) => (wake = resolve));
  const started = nextWake();
  const start = () => wake();
  // The server renders the whole part (it waits for every lazy part before it sends the page).
  if (import.meta.env.SSR) start();

  /** The code, once woken; a load that failed (no signal yet) is tried again at the next wake-up. */
  async function loadWhenWoken() {
    await started;
    for (;;) {
      try {
        return await load();
      } catch (error) {
        if (import.meta.env.SSR) throw error;
        const again = nextWake();
        window.addEventListener('online', start, { once: true });
        await again;
      }
    }
  }

  const Lazy = lazy(() =>
    loadWhenWoken().then((module) => ({
      default: function Arrival(props: P) {
        const arrived = useContext(Arrived);
        // After the part's own effects, so whatever they subscribe (a form's watchers) hears the changes.
        useEffect(() => arrived?.(), [arrived]);
        return createElement(module.default, props);
      },
    })),
  );

  function StartNow() {
    useEffect(() => start(), []);
    return null;
  }

  return function DeferredPart(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const pending = useRef<Pending | null>({ values: new Map(), typed: [], press: null, submit: null });
    // Stable, so the part below never sees a change before it hydrates.
    const arrived = useRef(() => {
      const before = pending.current;
      pending.current = null;
      if (before) void replay(before);
    }).current;

    useEffect(() => {
      const element = box.current;
      if (!element) return;
      const inside = (event: Event) => pending.current !== null && event.target instanceof Node && element.contains(event.target);
      const wake = (event: Event) => {
        if (inside(event)) start();
      };
      const note = (event: Event) => {
        if (!inside(event)) return;
        start();
        const field = event.target;
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) pending.current!.values.set(field, field.checked);
        else if ((field instanceof HTMLInputElement && field.type !== 'file') || field instanceof HTMLTextAreaElement)
          pending.current!.values.set(field, field.value);
      };
      // An editable element changed before hydration would no longer match what React expects: its
      // typing waits, and is typed again once the part has its code.
      const hold = (event: Event) => {
        if (!inside(event) || !(event.target instanceof HTMLElement) || !event.target.isContentEditable) return;
        event.preventDefault();
        start();
        const { inputType, data } = event as InputEvent;
        pending.current!.typed.push({ target: event.target, inputType, data });
      };
      const press = (event: Event) => {
        if (!inside(event)) return;
        start();
        const button = (event.target as Element).closest('button');
        if (button && button.type !== 'submit') pending.current!.press = button;
      };
      // A form sent before its code arrived would go to the server as a plain page request.
      const submit = (event: Event) => {
        if (!inside(event)) return;
        event.preventDefault();
        start();
        pending.current!.submit = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
      };
      const listeners: [string, (event: Event) => void][] = [
        ...wakeEvents.map((type): [string, (event: Event) => void] => [type, wake]),
        ['input', note],
        ['change', note],
        ['beforeinput', hold],
        ['click', press],
        ['submit', submit],
      ];
      listeners.forEach(([type, listener]) => document.addEventListener(type, listener, true));
      let cancelled = false;
      void Promise.resolve(options.eager?.() ?? false)
        .catch(() => false)
        .then((eager) => !cancelled && eager && start());
      return () => {
        cancelled = true;
        listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true));
      };
    }, []);

    return (
      <div ref={box} className="contents">
        <Arrived value={arrived}>
          <Suspense fallback={<StartNow />}>
            <Lazy {...props} />
          </Suspense>
        </Arrived>
      </div>
    );
  };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hands what was typed or ticked to the hydrated components (their onChange; then onBlur for the fields
 * the visitor had left), types again what went to editable segments, then repeats the last press or
 * submit. A task passes between the steps, so each one meets the components as the last left them.
 */
async function replay({ values, typed, press, submit }: Pending) {
  const focused = document.activeElement;
  for (const [field, value] of values) {
    if (!field.isConnected) continue;
    if (typeof value === 'boolean') {
      // React's change tracking is told the box holds the other state; the click then ticks it as the visitor did.
      if (field instanceof HTMLInputElement) {
        field.checked = !value;
        field.click();
      }
      continue;
    }
    // Set through the element's own property (which React watches) to another value, then through the
    // prototype's (which it does not): React sees a change and calls the field's onChange.
    field.value = value !== '' ? '' : field.type === 'number' ? '0' : ' ';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await nextTask();
  for (const [field, value] of values)
    if (typeof value === 'string' && field.isConnected && field !== focused) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

  // Into the segment the visitor chose, then wherever the control moves the focus as it fills.
  let chosen: HTMLElement | null = null;
  for (const { target, inputType, data } of typed) {
    if (!target.isConnected) continue;
    if (target !== chosen) target.focus();
    chosen = target;
    const into = document.activeElement instanceof HTMLElement && document.activeElement.isContentEditable ? document.activeElement : target;
    into.dispatchEvent(new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true }));
    await nextTask();
  }
  if (typed.length > 0 && focused instanceof HTMLElement && focused.isConnected && !focused.isContentEditable) focused.focus();

  await nextTask();
  if (submit?.form.isConnected) submit.form.requestSubmit(submit.submitter && submit.form.contains(submit.submitter) ? submit.submitter : undefined);
  else if (press?.isConnected) press.click();
}
