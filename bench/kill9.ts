// kill -9 under 500 concurrent writes: every write the server acknowledged (2xx) must be there after a
// restart, exactly once, and nothing half-written (every event has its read row and the other way round).
// Usage: npm run bench:kill9 [-- --runs N] [--postgres]   (embedded database by default; `npm run build` first)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDb } from '../events';
import { freshPostgres, signIn, startServer } from './lib/server';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const runs = Number(argValue('--runs') ?? 3);
const onPostgres = process.argv.includes('--postgres');
const concurrent = 500;

type RunResult = {
  run: number;
  sent: number;
  acknowledged: number;
  failed: number;
  found: number;
  lost: number;
  duplicated: number;
  orphanEvents: number;
  orphanRows: number;
};

async function oneRun(run: number): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kill9-'));
  const pg = onPostgres ? await freshPostgres() : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', PUBLIC_WRITE_LIMIT: '0' };
  try {
    const server = await startServer(env);
    const acknowledged = new Set<string>();
    let failed = 0;
    const marker = randomUUID().slice(0, 8);
    // 500 writes in flight at once; the kill lands when about a third of them are acknowledged.
    const writes = Array.from({ length: concurrent }, async (_, i) => {
      const message = `kill9 ${marker} ${i}`;
      try {
        const answer = await fetch(`${server.base}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Visitante ${i}`, email: `v${i}@example.com`, message }),
        });
        if (answer.status === 201) {
          const body = await answer.json();
          acknowledged.add(body.id);
          if (acknowledged.size === Math.floor(concurrent / 3)) server.child.kill('SIGKILL');
        } else failed += 1;
      } catch {
        failed += 1;
      }
    });
    await Promise.all(writes);
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await new Promise((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once('exit', resolve)));

    // Restart on the same data: the dead process's lock is taken over; every acknowledged id must be there.
    const again = await startServer(env);
    const staffGet = await signIn(again.base);
    const seen = new Map<string, number>();
    for (let offset = 0; ; offset += 100) {
      const page = await (await staffGet(`/api/contact/messages?limit=100&offset=${offset}`)).json();
      for (const item of page) if (String(item.message).startsWith(`kill9 ${marker}`)) seen.set(item.id, (seen.get(item.id) ?? 0) + 1);
      if (page.length < 100) break;
    }
    await again.stop();
    const db = await openDb({ databaseUrl: pg?.url, dataDir });
    const [{ events }] = await db.query(`SELECT count(*)::int AS events FROM events WHERE type = 'ContactMessageReceived'`);
    const [{ rows }] = await db.query('SELECT count(*)::int AS rows FROM contact_messages');
    const [{ orphanEvents }] = await db.query(
      `SELECT count(*)::int AS "orphanEvents" FROM events e WHERE e.type = 'ContactMessageReceived' AND NOT EXISTS (SELECT 1 FROM contact_messages c WHERE c.id = e.stream_id)`,
    );
    const [{ orphanRows }] = await db.query(
      `SELECT count(*)::int AS "orphanRows" FROM contact_messages c WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = c.id)`,
    );
    await db.close();
    const lost = [...acknowledged].filter((id) => !seen.has(id)).length;
    const duplicated = [...seen.values()].filter((n) => n > 1).length;
    if (Number(events) !== Number(rows)) console.log(`  run ${run}: ${events} events, ${rows} rows`);
    return {
      run,
      sent: concurrent,
      acknowledged: acknowledged.size,
      failed,
      found: seen.size,
      lost,
      duplicated,
      orphanEvents: Number(orphanEvents),
      orphanRows: Number(orphanRows),
    };
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`kill -9 under ${concurrent} concurrent contact writes, ${runs} runs, ${onPostgres ? 'PostgreSQL' : 'embedded database (PGlite)'}`);
const results: RunResult[] = [];
for (let run = 1; run <= runs; run++) {
  const result = await oneRun(run);
  results.push(result);
  console.log(
    `  run ${run}: ${result.acknowledged} acknowledged, ${result.failed} cut off, ${result.found} found after restart, ` +
      `${result.lost} lost, ${result.duplicated} duplicated, ${result.orphanEvents} events without row, ${result.orphanRows} rows without event`,
  );
}
const bad = results.filter((r) => r.lost || r.duplicated || r.orphanEvents || r.orphanRows);
console.log(
  bad.length ? `FALLÓ en ${bad.length} de ${runs} ejecuciones` : `OK: ninguna escritura confirmada perdida ni duplicada, nada a medias (${runs} ejecuciones)`,
);
process.exit(bad.length ? 1 : 0);
