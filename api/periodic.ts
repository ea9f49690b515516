// A look that runs every so often in the background (the feed imports, the weekly summary): never two at
// once (a tick that finds the previous look still running lets it be), timers that do not keep the
// process alive, and a stop that waits for a look in progress. The look handles its own failures.

/** Starts `look` after `firstAfterMs`, then every `everyMs`; the answer stops it and waits for a look in progress. */
export function startPeriodic(look: () => Promise<void>, everyMs: number, firstAfterMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = look().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = setTimeout(tick, firstAfterMs);
  first.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
