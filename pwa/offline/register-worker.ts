// Registers /sw.js with workbox-window, caches the page the worker could not see being loaded, and
// offers new versions without ever losing a draft: open forms are saved before the page reloads.
import { Workbox } from 'workbox-window';
import { saveOpenWork } from './before-update';
import { swMessages } from './sw-rules';
import { showUpdatePrompt } from './update-prompt';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A page the worker already served was cached on the way; only an uncontrolled load needs asking.
  const wasControlled = Boolean(navigator.serviceWorker.controller);

  wb.addEventListener('waiting', () => {
    showUpdatePrompt(async () => {
      await saveOpenWork();
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration?.waiting) {
        // Another tab already switched to the new version: this one only needs to load it.
        window.location.reload();
        return;
      }
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  void wb
    .register()
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => (wasControlled ? undefined : cacheCurrentPage(registration.active)))
    .catch((error: unknown) => console.warn('[sw] registro fallido', error));
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
