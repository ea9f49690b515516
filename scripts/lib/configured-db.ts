// The database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), opened by a
// command-line script. A refusal (the embedded database held by another process, PostgreSQL out of reach)
// is printed as its one-line Spanish message and ends the script with status 1, without a stack trace.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../api/config';
import { openDb, type Db } from '../../events';

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
  db: Db;
  config: Config;
  /** Closes the database; after a failed load, also removes the folders this run created (the embedded database made on opening, an uploads folder left empty), so the target is as it was. */
  close(failed: boolean): Promise<void>;
};

/** The configured database as the target of a load (events:import, restore). */
export async function openLoadTargetOrExit(): Promise<LoadTarget> {
  const config = loadConfigOrExit();
  const dataDir = config.dataDir;
  const embedded = path.join(dataDir, 'pglite');
  const uploads = path.join(dataDir, 'uploads');
  const local = config.storageDriver === 'local';
  // Deepest first, so DATA_DIR itself goes last, once what this run put in it is gone.
  const candidates = [...(config.databaseUrl ? [] : [embedded]), ...(local ? [uploads] : []), ...(!config.databaseUrl || local ? [dataDir] : [])];
  const created = candidates.filter((dir) => !existsSync(dir));
  const db = await openConfiguredDbOrExit(config);
  return {
    db,
    config,
    async close(failed) {
      await db.close();
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
