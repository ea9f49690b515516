// Keeps toasts off what must stay reachable (a form's action buttons), for the screens that have such
// buttons: while one is registered, every change of the toasts, scroll and resize places the Toaster
// at the bottom (its usual place), else at the top of the screen, else just above the highest button it
// would cover. It moves the Toaster's region itself (its inline style, which React never sets), so
// none of this is in the first visit's bundle.
import { onToastsChange } from './toast';

type ToastPlacement = { edge: 'bottom' | 'top'; bottom?: number };

function setToastPlacement(placement: ToastPlacement): void {
  const region = document.querySelector<HTMLElement>('[data-toaster]');
  if (!region) return;
  region.style.top = placement.edge === 'top' ? '0px' : '';
  region.style.bottom = placement.edge === 'top' ? 'auto' : placement.bottom !== undefined ? `${placement.bottom}px` : '';
}

const obstacles = new Set<Element>();
const gapPx = 8;
let stopWatching: (() => void) | null = null;

/** Keeps toasts off `element` while it is on screen; answers the function that stops it. */
export function avoidToasts(element: Element): () => void {
  obstacles.add(element);
  stopWatching ??= watch();
  placeLater();
  return () => {
    obstacles.delete(element);
    if (obstacles.size > 0) return placeLater();
    stopWatching?.();
    stopWatching = null;
    setToastPlacement({ edge: 'bottom' });
  };
}

let frame = 0;
function placeLater() {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() => setToastPlacement(placement()));
}

function watch(): () => void {
  window.addEventListener('scroll', placeLater, { passive: true });
  window.addEventListener('resize', placeLater);
  const stop = onToastsChange(placeLater);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', placeLater);
    window.removeEventListener('resize', placeLater);
    stop();
  };
}

function placement(): ToastPlacement {
  const region = document.querySelector<HTMLElement>('[data-toaster]');
  const list = region?.querySelector<HTMLElement>('ol');
  const viewport = window.innerHeight;
  const rects = [...obstacles]
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < viewport);
  if (!region || !list || list.offsetHeight === 0 || rects.length === 0) return { edge: 'bottom' };
  const box = region.getBoundingClientRect();
  const pad = getComputedStyle(region);
  const left = box.left + parseFloat(pad.paddingLeft);
  const right = box.right - parseFloat(pad.paddingRight);
  const height = list.offsetHeight;
  const bottomPad = parseFloat(pad.paddingBottom);
  const topPad = parseFloat(pad.paddingTop);
  const covered = (top: number, bottom: number) =>
    rects.filter((rect) => top < rect.bottom + gapPx && bottom > rect.top - gapPx && left < rect.right && right > rect.left);
  const atBottom = covered(viewport - bottomPad - height, viewport - bottomPad);
  if (atBottom.length === 0) return { edge: 'bottom' };
  if (covered(topPad, topPad + height).length === 0) return { edge: 'top' };
  const highest = Math.min(...atBottom.map((rect) => rect.top));
  return { edge: 'bottom', bottom: Math.max(0, viewport - highest + gapPx - bottomPad) };
}
