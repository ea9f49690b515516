// Where toasts appear (docs/rules.md, 'Screens'): a region labelled 'Notification' that F8 focuses, at most
// 420 px wide from medium screens up; each toast closes after 5 s, on its close button, or when it
// is swiped 50 px to the right. Hovering or focusing a toast pauses its timer.
// At the bottom on every screen: at the top of a phone they covered the header and dialog titles; the
// bottom padding on phones keeps them above the floating WhatsApp button. What must stay reachable (a
// form's action buttons) is never covered: a screen that has such buttons moves the toasts out of their
// way (toast-placement.ts moves this region, found by `data-toaster`; it is loaded with such screens
// only, so a first visit's bundle stays small).
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { X } from 'lucide-react';
import { dismissToast, toastDurationMs, useToasts, type Toast } from './toast';

const swipeThresholdPx = 50;

export function Toaster() {
  const toasts = useToasts();
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={regionRef}
      role="region"
      aria-label="Notification"
      tabIndex={-1}
      data-toaster=""
      className="pointer-events-none fixed bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 pb-20 outline-none sm:right-0 sm:pb-4 md:max-w-[420px]"
    >
      <ol aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((item) => (
          <ToastCard key={item.id} toast={item} />
        ))}
      </ol>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toastDurationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerUp = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (offset > swipeThresholdPx) dismissToast(toast.id);
    else setOffset(0);
  };

  const destructive = toast.variant === 'destructive';
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      data-variant={toast.variant ?? 'default'}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg transition-[transform,opacity] select-none ${
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
      style={{ transform: `translateX(${offset}px)`, opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1 }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={`text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`}>{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Cerrar notificación"
        onClick={() => dismissToast(toast.id)}
        className={`absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md ${destructive ? 'text-red-50 hover:bg-red-800' : 'text-slate-500 hover:bg-slate-100'}`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
