// A localStorage note that the last staff member here signed out with 'Cerrar Sesión' (and nobody
// signed in since): forms waiting for their author then wait quietly, with no 'Su sesión expiró' even
// after a reload. Only what the screens say depends on it, never what is sent (that is IndexedDB's).
// Apart from device-flags.ts, which every first visit loads.
const signedOutKey = 'offline-staff:signed-out';

export function signedOutOnPurpose(): boolean {
  try {
    return localStorage.getItem(signedOutKey) !== null;
  } catch {
    return false; // storage refused: the queue may say the session expired, the safe side
  }
}

export function setSignedOutOnPurpose(yes: boolean): void {
  try {
    if (yes) localStorage.setItem(signedOutKey, '1');
    else localStorage.removeItem(signedOutKey);
  } catch {
    // See signedOutOnPurpose.
  }
}
