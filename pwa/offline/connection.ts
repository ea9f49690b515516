// The connection as the screens show it (shared client state, jotai): 'En línea', 'Sin conexión' (the
// browser says so) or 'Servidor no disponible' (the browser says online, but a real request to the
// server failed: a captive portal, a dead access point, the server down). The probe is GET /healthz,
// which the server answers without touching the database, never cached.
import { atom, getDefaultStore } from 'jotai';

export type NetworkState = 'online' | 'offline' | 'unreachable';

const probeUrl = '/healthz';
const probeTimeoutMs = 5_000;
/** While a screen shows the connection, it is asked again this often (a tiny request). */
const probeEveryMs = 30_000;

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** navigator.onLine, kept current by the online/offline events while anything reads it. */
export const browserOnlineAtom = atom(browserOnline());
browserOnlineAtom.onMount = (set) => {
  const update = () => set(browserOnline());
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

/** The last real answer: true (the server answered), false (no answer while online), null (not asked yet). */
const serverReachableAtom = atom<boolean | null>(null);

export const networkStateAtom = atom<NetworkState>((get) => {
  if (!get(browserOnlineAtom)) return 'offline';
  return get(serverReachableAtom) === false ? 'unreachable' : 'online';
});

const store = getDefaultStore();

/** A request reached the server (any answer) or did not (no answer in time, connection refused). */
export function noteServerAnswer(reached: boolean): void {
  store.set(serverReachableAtom, reached);
}

let probing: Promise<boolean> | null = null;

/** Asks the server whether it is there; a 5xx (a proxy in front of a stopped app) counts as not. */
export function probeServer(): Promise<boolean> {
  if (!browserOnline()) return Promise.resolve(false);
  probing ??= fetch(probeUrl, { cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(probeTimeoutMs) })
    .then(
      (response) => response.status < 500,
      () => false,
    )
    .then((reached) => {
      // An answer that came while the browser went offline says nothing about the server.
      if (browserOnline()) noteServerAnswer(reached);
      return reached;
    })
    .finally(() => (probing = null));
  return probing;
}

/** While a screen shows the connection: probe now, when the browser comes back online, and every 30 s while visible. */
export function watchConnection(): () => void {
  const probeIfVisible = () => void (document.visibilityState === 'visible' && probeServer());
  const onOnline = () => {
    store.set(serverReachableAtom, null);
    void probeServer();
  };
  void probeServer();
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', probeIfVisible);
  const timer = setInterval(probeIfVisible, probeEveryMs);
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', probeIfVisible);
    clearInterval(timer);
  };
}
