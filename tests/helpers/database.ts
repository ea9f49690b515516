// A fresh database for one test file: PGlite in a directory of its own, or a new PostgreSQL database
// when TEST_DATABASE_URL is set (either dropped again on close), so test files never see each other's data.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { openDb, postgresTarget, type Db } from '../../events';
import { embeddedDataDir } from './embedded-data-dir';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function freshDatabase(): Promise<{ db: Db; databaseUrl: string | null; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    // A directory of its own, its database initialised already (initdb in memory cost each test app
    // about 8 CPU-s).
    const dataDir = await embeddedDataDir('prueba-');
    const db = await openDb({ dataDir });
    return {
      db,
      databaseUrl: null,
      async drop() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const { default: postgres } = await import('postgres');
  const target = postgresTarget(admin);
  const root = postgres(target.url, { max: 1, path: target.path, onnotice: () => {} });
  await root.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), max: 5 });
  return {
    db,
    databaseUrl: url.toString(),
    async drop() {
      await db.close();
      await root.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await root.end();
    },
  };
}
