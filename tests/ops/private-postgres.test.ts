// The benchmarks' private PostgreSQL cluster reports the CPU its processes used: the backends still
// connected and those that have closed (counted through the postmaster once it has waited for them),
// so a case's figure includes a connection that ended during it. The app reaches such a server through
// its Unix socket when the URL names the socket's directory, as the bench does.
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb, postgresTarget } from '../../events';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { skipBecause } from '../helpers/skip';

/** A statement that keeps one backend busy for a few hundred milliseconds of CPU (the series streamed, not stored). */
const busyWork = 'SELECT sum(i::bigint * i) FROM (SELECT generate_series(1, 12000000) AS i) AS series';

/** Waits until process `pid` is gone from /proc: ended, and reaped by its parent. */
async function reaped(pid: number) {
  for (let tries = 0; existsSync(`/proc/${pid}`) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.not.ok(existsSync(`/proc/${pid}`), `backend ${pid} still there 5 s after its connection closed`);
}

test("a URL's host parameter naming a directory is the server's socket there; other URLs are left as they are", () => {
  assert.equal(postgresTarget('postgres://app@localhost/sitio?host=%2Fvar%2Frun%2Fpostgresql&sslmode=disable'), {
    url: 'postgres://app@localhost/sitio?sslmode=disable',
    path: '/var/run/postgresql/.s.PGSQL.5432',
  });
  assert.equal(postgresTarget('postgres://app@localhost:5433/sitio?host=/tmp/pg/'), {
    url: 'postgres://app@localhost:5433/sitio',
    path: '/tmp/pg/.s.PGSQL.5433',
  });
  assert.equal(postgresTarget('postgres://app:clave@db.example:5432/sitio'), { url: 'postgres://app:clave@db.example:5432/sitio' });
  assert.equal(postgresTarget('postgres://app@localhost/sitio?host=db.example'), { url: 'postgres://app@localhost/sitio?host=db.example' });
  // postgres.js's several hosts, which URL parsing refuses, are left to postgres.js.
  assert.equal(postgresTarget('postgres://app@h1:5432,h2:5432/sitio'), { url: 'postgres://app@h1:5432,h2:5432/sitio' });
  assert.equal(postgresTarget('postgres:///sitio?host=/run/postgresql'), { url: 'postgres:///sitio', path: '/run/postgresql/.s.PGSQL.5432' });
  assert.equal(postgresTarget('postgres://app:cl%40ve@[::1]:6543/sitio?host=/tmp'), {
    url: 'postgres://app:cl%40ve@[::1]:6543/sitio',
    path: '/tmp/.s.PGSQL.6543',
  });
});

if (!postgresBin()) {
  skipBecause(
    "a private cluster's CPU time, and the app's database through its socket",
    'PostgreSQL binaries not installed: the test needs /usr/lib/postgresql/*/bin',
  );
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

  test("the app's database opens through the socket the URL names, its lock connections too, and over TCP otherwise", async () => {
    type Client = { app: string; address: string | null };
    // Every connection of the app's, as the server sees it: its client address is null through the socket.
    const clientsOf = (db: Awaited<ReturnType<typeof openDb>>) =>
      db.query<Client>(
        "SELECT application_name AS app, client_addr::text AS address FROM pg_stat_activity WHERE application_name LIKE 'contraespionaje-cr%' ORDER BY app",
      );
    const viaSocket = await openDb({ databaseUrl: cluster.socketUrl, max: 2 });
    try {
      // A lock is held on a connection of its own, opened apart from the pool.
      const held = await viaSocket.tryWithLock('prueba-socket', () => clientsOf(viaSocket));
      const clients = held?.value ?? [];
      assert.equal([...new Set(clients.map((client) => client.app))], ['contraespionaje-cr', 'contraespionaje-cr-lock']);
      assert.ok(
        clients.every((client) => client.address === null),
        JSON.stringify(clients),
      );
    } finally {
      await viaSocket.close();
    }
    const viaTcp = await openDb({ databaseUrl: cluster.url, max: 2 });
    try {
      const clients = await clientsOf(viaTcp);
      assert.ok(clients.length > 0 && clients.every((client) => client.address === '127.0.0.1/32'), JSON.stringify(clients));
    } finally {
      await viaTcp.close();
    }
  });
}

test.run();
