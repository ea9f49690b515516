// The embedded database: PGlite in DATA_DIR (or in memory), behind the same query layer as PostgreSQL
// (db.ts). One process owns a data directory (data-dir-lock.ts); its locks are in-process.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import type { Db, Sql } from './sql';

type PgliteClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

export async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dir = dataDir === 'memory://' ? undefined : path.resolve(dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // Before anything is opened: a second process refuses here, naming the one that holds it.
  const release = dir ? lockDataDir(path.resolve(dataDir)) : () => {};
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create(dir ?? 'memory://', { extensions: { unaccent, pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  const held = new Set<string>();
  const run =
    (client: PgliteClient): Sql['query'] =>
    async <T>(text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as T[];
  return {
    kind: 'pglite',
    query: run(pg),
    transaction: (fn) => pg.transaction((tx) => fn({ query: run(tx) })),
    async tryWithLock(key, fn) {
      if (held.has(key)) return null;
      held.add(key);
      try {
        return { value: await fn({ alive: async () => !pg.closed }) };
      } finally {
        held.delete(key);
      }
    },
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, (payload) => onNotify(payload ?? ''));
      return () => (pg.closed ? Promise.resolve() : unlisten());
    },
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
