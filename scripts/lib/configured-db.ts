// The database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), opened by a
// command-line script. A refusal (the embedded database held by another process, PostgreSQL out of reach)
// is printed as its one-line Spanish message and ends the script with status 1, without a stack trace.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../api/config';
import { lockDataDir, openDb, type Db } from '../../events';

/** The configuration, or its Spanish refusal (STORAGE_DRIVER=gcs without GCS_BUCKET...) and status 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export async function openConfiguredDbOrExit(config: Config = loadConfigOrExit()): Promise<Db> {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** Whether a folder holds any file, however deep (empty folders do not count). */
function holdsFiles(dir: string): boolean {
  return readdirSync(dir).some((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? holdsFiles(full) : true;
  });
}

export type LoadTarget = {
  config: Config;
  /** Whether the target may already hold data (PostgreSQL, or an embedded database that exists): worth asking before reading a large input. */
  mayHoldData: boolean;
  /** Opens the database (once; later calls answer the same one). */
  open(): Promise<Db>;
  /** Closes the database; after a failed load, also removes the folders this run created (the embedded database made on opening, an uploads folder left empty), so the target is as it was. */
  close(failed: boolean): Promise<void>;
};

/**
 * The configured database as the target of a load (events:import, restore). An embedded one is
 * claimed at once (its DATA_DIR lock, so another process is refused while the input is read), but
 * created only when `open()` is called: a file refused before then leaves no database behind.
 */
export async function claimLoadTargetOrExit(): Promise<LoadTarget> {
  const config = loadConfigOrExit();
  const dataDir = config.dataDir;
  const embedded = path.join(dataDir, 'pglite');
  const uploads = path.join(dataDir, 'uploads');
  const local = config.storageDriver === 'local';
  // Deepest first, so DATA_DIR itself goes last, once what this run put in it is gone.
  const candidates = [...(config.databaseUrl ? [] : [embedded]), ...(local ? [uploads] : []), ...(!config.databaseUrl || local ? [dataDir] : [])];
  const created = candidates.filter((dir) => !existsSync(dir));
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      mkdirSync(dataDir, { recursive: true });
      release = lockDataDir(dataDir);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  let db: Db | null = null;
  return {
    config,
    mayHoldData: Boolean(config.databaseUrl) || existsSync(embedded),
    async open() {
      if (db) return db;
      if (!config.databaseUrl) {
        // Loaded before the claim is handed over, so opening takes the lock again at once.
        await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/unaccent'), import('@electric-sql/pglite/contrib/pg_trgm')]);
      }
      release();
      release = () => {};
      db = await openConfiguredDbOrExit(config);
      return db;
    },
    async close(failed) {
      release();
      await db?.close();
      if (!failed) return;
      for (const dir of created) {
        // The embedded database is ours whole (this run made it and held its lock); any other folder
        // only if nothing but empty folders is left in it.
        if (!existsSync(dir) || (dir !== embedded && holdsFiles(dir))) continue;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
