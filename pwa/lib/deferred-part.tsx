// A server-rendered part of a page whose JavaScript waits until the visitor reaches for it: a form's
// fields, labels and help are in the first HTML, and its code (react-aria, react-hook-form, zod, the
// drafts) loads at the first touch, key, focus or typing inside it, so a first visit downloads no more
// than the home page does (docs/advance-form-rendering.md).
// Until the code arrives React leaves the server's markup as it is (a Suspense boundary not hydrated
// yet): nothing flashes or moves, and the native fields already take text. Nothing done meanwhile is
// lost: text typed, boxes ticked and files chosen are handed to the components once they hydrate,
// typing in a date's segments is typed again, and the last press on a button, or a submit, is repeated.
// Rendered in the browser instead (the offline app shell, a navigation inside the app), the part loads at once.
import { createContext, createElement, lazy, Suspense, useContext, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { deferredPartAttribute, takeEarlyPresses, type EarlyTyping } from './early-presses';

export type DeferredPartOptions = {
  /** Load at once anyway (a device that holds drafts, a draft asked for by its link). */
  eager?: () => boolean | Promise<boolean>;
};

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What the part tells the catch-up: hydrated (its handlers answer from now on), then arrived (its effects ran). */
type Arrival = { hydrated(): void; arrived(): void };
const Arrived = createContext<Arrival | null>(null);

// Before the code arrives, React stops these at the root (the boundary is not hydrated): the part hears
// them first, on the document in the capture phase.
const wakeEvents = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'pointerover'] as const;

export function deferredPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: DeferredPartOptions = {}): ComponentType<P> {
  // Every wake-up (a touch, a key, the connection changing) resolves the current wait.
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
        await nextWake();
      }
    }
  }

  const Lazy = lazy(() =>
    loadWhenWoken().then((module) => ({
      default: function Arrival(props: P) {
        const part = useContext(Arrived);
        // In the commit that hydrated the part, before the browser hands on another event: from here on
        // its own handlers answer the visitor, and what they do is not also kept for the replay.
        useLayoutEffect(() => part?.hydrated(), [part]);
        // After the part's own effects, so whatever they subscribe (a form's watchers) hears the changes.
        useEffect(() => part?.arrived(), [part]);
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
    const catchUp = useRef<CatchUp | null>(null);
    catchUp.current ??= new CatchUp();
    // Stable, so the part below never sees a change before it hydrates.
    const arrived = useRef<Arrival>({ hydrated: () => catchUp.current?.hydrated(), arrived: () => void catchUp.current?.replay() }).current;

    useEffect(() => {
      const element = box.current;
      if (!element) return;
      const stop = catchUp.current!.listen(element, start);
      // No connection, or the connection changing, is a reason to have the code (the form says where
      // it stands): a page opened offline is the worker's copy, and the code is in its precache.
      if (!navigator.onLine) start();
      window.addEventListener('online', start);
      window.addEventListener('offline', start);
      let cancelled = false;
      void Promise.resolve(options.eager?.() ?? false)
        .catch(() => false)
        .then((eager) => !cancelled && eager && start());
      return () => {
        cancelled = true;
        stop();
        window.removeEventListener('online', start);
        window.removeEventListener('offline', start);
      };
    }, []);

    return (
      <div ref={box} className="contents" {...{ [deferredPartAttribute]: '' }}>
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
const nextMicrotask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** A field whose state is no longer the server's: the visitor typed, ticked or chose a file. */
function changedByVisitor(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === 'file') return Boolean(field.files?.length);
  return field.value !== field.defaultValue;
}
const groupOf = (element: Element) => element.closest('[role=group]');

/** What the visitor did before the code arrived, and its replay once the part has hydrated. */
class CatchUp {
  private phase: 'waiting' | 'replaying' | 'done' = 'waiting';
  private values = new Map<Field, string | boolean>();
  private files = new Set<HTMLInputElement>();
  private typed: EarlyTyping[] = [];
  private press: HTMLButtonElement | null = null;
  private submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  /** Where the visitor put the focus last (not the replay). */
  private visitorFocus: Element | null = null;
  private replayFocusing = false;
  /** The part has hydrated: its handlers take what the visitor does now. */
  private live = false;
  /** A button the finger went down on before the part hydrated: its click, even after, is a press the part never saw begin. */
  private pressedEarly: HTMLButtonElement | null = null;
  /** The same for a switch or a box (its label pressed, or the box itself), with the state it had then. */
  private toggledEarly: { toggle: HTMLInputElement; checked: boolean } | null = null;

  hydrated() {
    this.live = true;
  }

  /** Hears the visitor inside `element` until the replay is done; `wake` asks for the code. */
  listen(element: HTMLElement, wake: () => void): () => void {
    const inside = (event: Event) => event.target instanceof Node && element.contains(event.target);
    const waiting = (event: Event) => this.phase === 'waiting' && !this.live && inside(event);
    const listeners: [string, (event: Event) => void][] = [
      ...wakeEvents.map((type): [string, (event: Event) => void] => [type, (event) => waiting(event) && wake()]),
      [
        'focusin',
        (event) => {
          if (this.phase !== 'done' && !this.replayFocusing && inside(event)) this.visitorFocus = event.target as Element;
        },
      ],
      ['input', (event) => waiting(event) && (wake(), this.note(event.target))],
      ['change', (event) => waiting(event) && (wake(), this.note(event.target))],
      // An editable element changed before hydration would no longer match what React expects: its
      // typing waits, in order with whatever follows until the replay has typed it all.
      [
        'beforeinput',
        (event) => {
          if (this.phase === 'done' || !inside(event) || !(event.target instanceof HTMLElement) || !event.target.isContentEditable || this.replayFocusing)
            return;
          event.preventDefault();
          // During the replay the segments have hydrated and listen on themselves (react-aria's date
          // segments take beforeinput there): a key held for the replay must not also be typed now.
          event.stopImmediatePropagation();
          wake();
          const { inputType, data } = event as InputEvent;
          // During the replay the focus is the replay's: the key belongs where the visitor last put the focus.
          const chosen = this.visitorFocus;
          const target = this.phase === 'replaying' && chosen instanceof HTMLElement && chosen.isContentEditable && chosen.isConnected ? chosen : event.target;
          this.typed.push({ target, inputType, data });
        },
      ],
      [
        'pointerdown',
        (event) => {
          if (!waiting(event)) return;
          const target = event.target as Element;
          this.pressedEarly = target.closest('button');
          const toggle = target instanceof HTMLInputElement ? target : target.closest('label')?.control;
          this.toggledEarly =
            toggle instanceof HTMLInputElement && (toggle.type === 'checkbox' || toggle.type === 'radio') ? { toggle, checked: toggle.checked } : null;
        },
      ],
      [
        'click',
        (event) => {
          const button = (event.target as Element).closest('button');
          const early = button !== null && button === this.pressedEarly;
          this.pressedEarly = null;
          const toggled = this.toggledEarly;
          this.toggledEarly = null;
          // A switch pressed before the part hydrated and let go after: the hydrated switch ignores the
          // click of a press it never saw begin, and stays as it was. Once this click has run its course,
          // one that changed nothing is made again (the label's click and then the box's: the first one only).
          if (toggled && !waiting(event) && inside(event)) {
            const { toggle, checked } = toggled;
            setTimeout(() => toggle.isConnected && toggle.checked === checked && toggle.click(), 0);
          }
          if (!waiting(event) && !(early && inside(event))) return;
          wake();
          if (!button || button.type === 'submit') return;
          // Its press began before the code: the hydrated button ignores a click it did not see start.
          if (this.phase === 'done') setTimeout(() => button.isConnected && button.click(), 0);
          else this.press = button;
        },
      ],
      // A form sent before its code arrived would go to the server as a plain page request.
      [
        'submit',
        (event) => {
          if (!waiting(event)) return;
          event.preventDefault();
          wake();
          this.submit = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
        },
      ],
    ];
    listeners.forEach(([type, listener]) => document.addEventListener(type, listener, true));
    // What the visitor did before the page around the part had hydrated, when nobody listened yet: the
    // presses the entry heard, and the fields as they stand.
    const early = takeEarlyPresses(element);
    this.press = early.press ?? this.press;
    this.submit = early.submit ?? this.submit;
    this.pressedEarly = early.pressedDown ?? this.pressedEarly;
    // Keys typed before anything here listened come first, in the order they were typed.
    this.typed.unshift(...early.typed);
    if (early.press || early.submit || early.typed.length > 0) wake();
    const touched = [...element.querySelectorAll<Field>('input, textarea')].filter(changedByVisitor);
    touched.forEach((field) => this.note(field));
    if (touched.length > 0 || element.contains(document.activeElement)) {
      this.visitorFocus = element.contains(document.activeElement) ? document.activeElement : null;
      wake();
    }
    return () => listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true));
  }

  private note(target: EventTarget | null) {
    if (target instanceof HTMLInputElement && target.type === 'file') this.files.add(target);
    else if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) this.values.set(target, target.checked);
    else if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) this.values.set(target, target.value);
  }

  /**
   * Hands what was typed, ticked or chosen to the hydrated components (their onChange; then onBlur for
   * the fields the visitor had left), types again what went to editable segments, then repeats the last
   * press or submit. A task passes between the steps, so each one meets the components as the last left
   * them; the keys are typed again in one go (see below).
   */
  async replay(): Promise<void> {
    if (this.phase !== 'waiting') return;
    this.phase = 'replaying';
    const focusedThen = document.activeElement;
    for (const [field, value] of this.values) {
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
    for (const input of this.files) if (input.isConnected && input.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }));
    await nextTask();
    for (const [field, value] of this.values)
      if (typeof value === 'string' && field.isConnected && field !== focusedThen) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

    // Into the segment the visitor chose, then wherever the control moves the focus as it fills. Where
    // that is, is read right after each key (the control moves it at once). Between two keys only a
    // microtask passes (React renders what the key changed in one), never a task: a click of the
    // visitor's landing between them would take the focus from a half-typed segment, and the segment,
    // focused again for the next key, would start its entry anew ('27' for the year typed as 2027).
    // The visitor's own keys and clicks come after the whole queue, in the order they were made.
    let cursor: HTMLElement | null = null;
    while (this.typed.length > 0) {
      const { target, inputType, data } = this.typed.shift()!;
      if (!target.isConnected) continue;
      const into: HTMLElement = cursor !== null && cursor.isConnected && cursor.isContentEditable && groupOf(cursor) === groupOf(target) ? cursor : target;
      this.replayFocusing = true;
      if (into !== document.activeElement) into.focus();
      into.dispatchEvent(new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true }));
      const after = document.activeElement;
      cursor = after instanceof HTMLElement && after.isContentEditable && groupOf(after) === groupOf(into) ? after : into;
      this.replayFocusing = false;
      await nextMicrotask();
    }
    // Back where the visitor went meanwhile, unless that is where the typing was.
    const wanted = this.visitorFocus ?? focusedThen;
    if (cursor && wanted instanceof HTMLElement && wanted.isConnected && groupOf(wanted) !== groupOf(cursor)) wanted.focus();
    this.phase = 'done';

    await nextTask();
    if (this.submit?.form.isConnected)
      this.submit.form.requestSubmit(this.submit.submitter && this.submit.form.contains(this.submit.submitter) ? this.submit.submitter : undefined);
    else if (this.press?.isConnected) this.press.click();
  }
}
