// A tiny store for notifications, callable from anywhere (a component, a mutation's onError, an
// offline sync): toast({ title, description, variant }). <Toaster /> in the app root shows them.
import { useSyncExternalStore } from 'react';

type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type Toast = ToastInput & { id: number };

/** One toast visible at a time, each for 5000 ms (docs/rules.md, 'Screens'). */
const toastLimit = 1;
export const toastDurationMs = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast (replacing the one on screen) and answers a handle to close it early. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  publish([{ ...input, id }, ...toasts].slice(0, toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(id?: number): void {
  publish(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noToasts: Toast[] = [];

/** Called after every change of the toasts shown. */
export const onToastsChange = subscribe;

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
}
