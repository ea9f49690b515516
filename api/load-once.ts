// For what most server processes never use (a heavy package, or what is built from one): loaded on the
// first call instead of at start, to keep the server's memory at rest low.

/** `load` runs on the first call and later calls share its promise; a failed load is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
