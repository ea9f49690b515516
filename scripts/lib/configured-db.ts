// The database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), opened by a
// command-line script. A refusal (the embedded database held by another process, PostgreSQL out of reach)
// is printed as its one-line Spanish message and ends the script with status 1, without a stack trace.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../api/config';
import { DataDirBusy, lockDataDir, openDb, type Db } from '../../events';

/** The configuration, or its Spanish refusal (STORAGE_DRIVER=gcs without GCS_BUCKET...) and status 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** The server and database a PostgreSQL URL names, without its password. */
function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Why PostgreSQL could not be used, in one Spanish line (the driver's own words only as a last resort). */
function unreachable(databaseUrl: string, error: unknown): string {
  const e = error as { code?: string; message?: string } | null;
  const where = describeUrl(databaseUrl);
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'la conexión fue rechazada (¿está en marcha PostgreSQL, en ese servidor y puerto?)',
    ENOTFOUND: 'no se encuentra ese servidor',
    EAI_AGAIN: 'no se encuentra ese servidor',
    ETIMEDOUT: 'el servidor no respondió a tiempo',
    CONNECT_TIMEOUT: 'el servidor no respondió a tiempo',
    EHOSTUNREACH: 'no hay ruta hasta el servidor',
    '3D000': 'esa base de datos no existe',
    '28P01': 'el usuario o la contraseña no fueron aceptados',
    '28000': 'el servidor no admite ese usuario desde aquí',
  };
  const reason = (e?.code && reasons[e.code]) ?? `error: ${String(e?.message ?? error).split('\n')[0]}`;
  return `No se pudo usar la base de datos PostgreSQL de DATABASE_URL (${where}): ${reason}. No se cambió nada.`;
}

async function openConfiguredDbOrExit(config: Config = loadConfigOrExit()): Promise<Db> {
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    console.error(config.databaseUrl ? unreachable(config.databaseUrl, error) : (error as Error).message);
    process.exit(1);
  }
  // PostgreSQL connects on the first query: a wrong URL is told here, in Spanish, not by the first command.
  if (config.databaseUrl) {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      console.error(unreachable(config.databaseUrl, error));
      await db.close().catch(() => {});
      process.exit(1);
    }
  }
  return db;
}

/**
 * The configured database, for a command that reads an existing site (events:export, backup,
 * projections:rebuild): a DATA_DIR without an embedded database, or a database without an event log,
 * is refused in one Spanish line, and nothing is created there.
 */
export async function openExistingDbOrExit(config: Config = loadConfigOrExit()): Promise<Db> {
  const advice = '¿son DATABASE_URL o DATA_DIR los del sitio? No se creó nada.';
  if (!config.databaseUrl) {
    const embedded = path.join(config.dataDir, 'pglite');
    // Held by another process (which may be creating it right now): that is what the operator is told.
    if (existsSync(config.dataDir)) {
      try {
        lockDataDir(config.dataDir)();
      } catch (error) {
        // Any other failure (a folder it cannot write to) is told below, by the check or the opening.
        if (error instanceof DataDirBusy) {
          console.error(error.message);
          process.exit(1);
        }
      }
    }
    // A PostgreSQL data folder has PG_VERSION; any other folder would be made into a new, empty database.
    if (!existsSync(path.join(embedded, 'PG_VERSION'))) {
      console.error(`No hay una base de datos integrada en ${path.resolve(config.dataDir)} (falta ${path.resolve(embedded)}): ${advice}`);
      process.exit(1);
    }
  }
  const db = await openConfiguredDbOrExit(config);
  const [{ present }] = await db.query<{ present: boolean }>(`SELECT to_regclass('public.events') IS NOT NULL AS present`);
  if (!present) {
    await db.close();
    const where = config.databaseUrl
      ? `La base de datos de DATABASE_URL (${describeUrl(config.databaseUrl)})`
      : `La base de datos integrada en ${path.resolve(config.dataDir)}`;
    console.error(`${where} no tiene registro de eventos: ${advice}`);
    process.exit(1);
  }
  return db;
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
