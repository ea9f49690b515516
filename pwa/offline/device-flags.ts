// Two localStorage flags the app reads at start without opening IndexedDB (or loading its code) on
// the phones of visitors who never wrote a form or signed in: "a draft waits to be sent" and "the
// last staff member whose lists this device keeps".
const pendingKey = 'offline-drafts:pending';
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

export const setPendingFlag = (pending: boolean) => write(pendingKey, pending ? '1' : null);
export const hasPendingFlag = () => read(pendingKey) === '1';

export const lastStaffId = () => read(lastStaffKey);
export const setLastStaffId = (id: string | null) => write(lastStaffKey, id);
export const hasStaffOnDevice = () => lastStaffId() !== null;
