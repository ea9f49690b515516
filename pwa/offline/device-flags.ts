// One localStorage note the app reads at start without opening IndexedDB (or loading its code): "the
// last staff member whose lists this device keeps". What waits to be sent is never noted here: a
// browser killed at the wrong moment can lose a localStorage write, so the drafts queue in IndexedDB
// is the only place that says so (pwa/offline/start.ts looks there).
const lastStaffKey = 'offline-staff:last-user';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): nothing restored, which is the safe side
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // See read(): the sync still runs on the form screens and the drafts tab.
  }
}

export const lastStaffId = () => read(lastStaffKey);
export const setLastStaffId = (id: string | null) => write(lastStaffKey, id);
export const hasStaffOnDevice = () => lastStaffId() !== null;
