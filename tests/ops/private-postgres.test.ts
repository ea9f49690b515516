// The benchmarks' private PostgreSQL cluster reports the CPU its processes used: the backends still
// connected and those that have closed (counted through the postmaster once it has waited for them),
// so a case's figure includes a connection that ended during it.
import postgres from 'postgres';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { skipBecause } from '../helpers/skip';

/** A statement that keeps one backend busy for a few hundred milliseconds of CPU. */
const busyWork = 'SELECT sum(i::bigint * i) FROM generate_series(1, 4000000) AS i';

/** Polls `read` until it reaches `least` (a closed backend is counted once the postmaster reaps it). */
async function reaches(read: () => number, least: number): Promise<number> {
  let value = read();
  for (let tries = 0; value < least && tries < 40; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = read();
  }
  return value;
}

if (!postgresBin()) {
  skipBecause("a private cluster's CPU time", 'PostgreSQL binaries not installed: the test needs /usr/lib/postgresql/*/bin');
} else {
  let cluster: PrivatePostgres;
  test.before(async () => {
    cluster = await startPrivatePostgres();
  });
  test.after(() => cluster?.destroy());

  test("a private cluster's CPU time counts its connected backends and those that closed", async () => {
    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await sql`SELECT 1`;
    const before = cluster.cpuMicros();
    const started = process.hrtime.bigint();
    await sql.unsafe(busyWork);
    const spentMicros = Number(process.hrtime.bigint() - started) / 1000;
    // The backend is still connected: its own time counts. Ticks are 10 ms; the work takes far more.
    const whileConnected = cluster.cpuMicros() - before;
    assert.ok(whileConnected >= 50_000, `counted ${whileConnected} µs of a statement that took ${spentMicros} µs`);
    // One backend runs on one core: no more than the statement's time, a tick of rounding each side and
    // what the cluster's own processes did meanwhile.
    assert.ok(whileConnected <= spentMicros + 50_000, `counted ${whileConnected} µs in ${spentMicros} µs`);
    await sql.end();
    // Closed: counted through the postmaster, not lost.
    const afterClose = await reaches(() => cluster.cpuMicros() - before, whileConnected);
    assert.ok(afterClose >= whileConnected, `after the connection closed: ${afterClose} µs, connected: ${whileConnected} µs`);
  });
}

test.run();
