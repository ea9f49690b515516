// The signed-in staff member's drafts on this device, kept current as any tab (or the service worker)
// changes them. Another staff member's drafts on the same tablet are never listed.
import { useCallback, useEffect, useState } from 'react';
import { listDrafts, onDraftsChanged, unsentDrafts, type DraftSummary } from '../../../offline/drafts';
import { resumeDraftHref } from '../../../offline/draft-types';
import { useSession } from '../session';

export const resumeDraftPath = (draft: Pick<DraftSummary, 'id'>) => resumeDraftHref('/admin/avanzadas/nuevo', draft.id);

export function useMyDrafts() {
  const { user } = useSession();
  const [drafts, setDrafts] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    if (!user) return;
    listDrafts({ variant: 'admin', ownerId: user.id }).then(
      (list) => {
        setDrafts(list);
        setError(null);
      },
      (e: unknown) => setError(e),
    );
  }, [user]);
  useEffect(() => {
    load();
    return onDraftsChanged(load);
  }, [load]);
  return { drafts, error, reload: load };
}

/**
 * How many staff forms wait on this device unsent (queued or refused): the author's own with
 * `ownerId`, every staff member's with null (the login screen, before anyone is signed in).
 */
export function useUnsentCount(ownerId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const load = () =>
      unsentDrafts({ variant: 'admin', ...(ownerId ? { ownerId } : {}) }).then(
        (list) => setCount(list.length),
        () => setCount(0),
      );
    void load();
    return onDraftsChanged(() => void load());
  }, [ownerId]);
  return count;
}
