// An open editor holds its draft's Web Lock (the one every sender takes, send.ts): while a queued form
// is being corrected no tab and no service worker sends it half corrected, and a send already under
// way finishes before the editor opens. The browser drops the lock when the tab dies.
import { draftLockName } from './send';

export type DraftLock = { granted: Promise<void>; release: () => void };

export function holdDraftLock(id: string): DraftLock {
  if (typeof navigator === 'undefined' || !navigator.locks) return { granted: Promise.resolve(), release: () => undefined };
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let grant!: () => void;
  const granted = new Promise<void>((resolve) => (grant = resolve));
  void navigator.locks
    .request(draftLockName(id), () => {
      grant();
      return held;
    })
    .catch(() => grant());
  return { granted, release };
}
