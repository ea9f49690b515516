// The benchmarks' private PostgreSQL cluster reports the CPU its processes used: the backends still
// connected and those that have closed (counted through the postmaster once it has waited for them),
// so a case's figure includes a connection that ended during it.
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { skipBecause } from '../helpers/skip';

/** A statement that keeps one backend busy for a few hundred milliseconds of CPU (the series streamed, not stored). */
const busyWork = 'SELECT sum(i::bigint * i) FROM (SELECT generate_series(1, 12000000) AS i) AS series';

/** Waits until process `pid` is gone from /proc: ended, and reaped by its parent. */
async function reaped(pid: number) {
  for (let tries = 0; existsSync(`/proc/${pid}`) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.not.ok(existsSync(`/proc/${pid}`), `backend ${pid} still there 5 s after its connection closed`);
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
    try {
      const [{ pid: backend }] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const before = cluster.cpuMicros();
      const started = process.hrtime.bigint();
      await sql.unsafe(busyWork);
      const spentMicros = Number(process.hrtime.bigint() - started) / 1000;
      // The backend is still connected: its own time counts. Ticks are 10 ms; the work takes far more.
      const whileConnected = cluster.cpuMicros() - before;
      assert.ok(whileConnected >= 50_000, `counted ${whileConnected} µs of a statement that took ${spentMicros} µs`);
      // One backend runs on one core: no more than the statement's time, plus each process's user and
      // system times truncated to ticks on both readings, and what the cluster's own processes did meanwhile.
      assert.ok(whileConnected <= spentMicros + 50_000, `counted ${whileConnected} µs in ${spentMicros} µs`);
      await sql.end();
      // Closed and reaped: counted through the postmaster, not lost.
      await reaped(backend);
      const afterClose = cluster.cpuMicros() - before;
      assert.ok(afterClose >= whileConnected, `after the connection closed: ${afterClose} µs, connected: ${whileConnected} µs`);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
}

test.run();
