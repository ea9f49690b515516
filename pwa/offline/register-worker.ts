// Registers /sw.js, caches the page the worker could not see being loaded, and offers new versions
// without ever losing a draft: open forms are saved before the page reloads. The browser's own
// ServiceWorkerContainer is all it takes (every first visit loads this module, so no library).
import { saveOpenWork } from './before-update';
import { swMessages } from './sw-rules';
import { showUpdatePrompt } from './update-prompt';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // A page the worker already served was cached on the way; only an uncontrolled load needs asking.
  const wasControlled = Boolean(container.controller);

  void container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A new version waits until the person chooses 'Actualizar': one already waiting when this page
      // loaded, or one that finishes installing while it is open. The very first install waits for nothing.
      const offer = () => {
        if (container.controller && registration.waiting) showUpdatePrompt(update);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && offer());
      });
      return container.ready;
    })
    .then((registration) => (wasControlled ? undefined : cacheCurrentPage(registration.active)))
    .catch((error: unknown) => console.warn('[sw] registro fallido', error));
}

async function update(): Promise<void> {
  await saveOpenWork();
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) {
    // Another tab already switched to the new version: this one only needs to load it.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: swMessages.skipWaiting });
}

/** Asks the active worker to keep this URL: the first visit was loaded before the worker existed. */
function cacheCurrentPage(worker: ServiceWorker | null): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/assets/`));
    worker.postMessage({ type: swMessages.cachePage, url: window.location.href, assets }, [channel.port2]);
    setTimeout(resolve, 10_000);
  });
}
