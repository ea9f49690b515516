// The device's storage for drafts: ask the browser to keep it (not evict it under pressure), and warn
// once per visit when free space runs low, before a photo fails to save.
import { toast } from '../ui/toast';
import { offlineTexts as t } from './texts';

const lowBytes = 50 * 1024 * 1024;
const lowShare = 0.1;

/** Low: under 50 MB or under 10 % of the quota left. */
export function isLowOnSpace(estimate: { quota?: number; usage?: number }): boolean {
  if (!estimate.quota) return false;
  const free = estimate.quota - (estimate.usage ?? 0);
  return free < lowBytes || free / estimate.quota < lowShare;
}

let checked = false;

export async function checkStorage(): Promise<void> {
  if (checked || !navigator.storage) return;
  checked = true;
  try {
    if (navigator.storage.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
    const estimate = await navigator.storage.estimate();
    if (isLowOnSpace(estimate)) {
      const freeMb = Math.max(0, Math.floor(((estimate.quota ?? 0) - (estimate.usage ?? 0)) / (1024 * 1024)));
      toast({ title: t.lowStorage, description: t.lowStorageHint(freeMb), variant: 'destructive' });
    }
  } catch {
    // Not available (an old browser): drafts still save, just without the guarantee or the warning.
  }
}
