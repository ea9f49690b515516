// Work that must be on disk before the page goes away for a new version: an open form registers its
// "save now", and the update prompt runs them all before it lets the new worker take over.
type SaveNow = () => Promise<unknown>;

const savers = new Set<SaveNow>();

export function onBeforeUpdate(save: SaveNow): () => void {
  savers.add(save);
  return () => void savers.delete(save);
}

export async function saveOpenWork(): Promise<void> {
  await Promise.allSettled([...savers].map((save) => save()));
}
