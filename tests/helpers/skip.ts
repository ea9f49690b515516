// A test that cannot run here is reported as skipped, with its reason, never as passed. `npm test`
// collects the reasons (the `SKIPPED:` lines) and prints them beside the total; under CI, where
// PostgreSQL and every tool are present, a skip fails the run.
import { test } from 'uvu';

export function skipBecause(name: string, reason: string) {
  console.log(`SKIPPED: ${name}: ${reason}`);
  test.skip(name, () => {});
}
