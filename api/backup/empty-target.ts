// Loading a copy into a database: only an empty one, and all in one transaction (the migrations,
// the log, the uploads, the rebuilt read tables), so a failure at any point leaves the database as it
// was: an empty one stays empty, without even the tables a server would take for a site with data.
import { migrate, type Db, type Sql } from '../../events';
import { allProjectors, rebuildProjections } from '../../projections';
import { allMigrations } from '../app';
import { LogRefused, type Progress } from './log-file';

const emptyTargetAdvice =
  'Para cargar una copia cree una base de datos nueva (createdb) o use otro DATA_DIR; para solo reconstruir las tablas de lectura use npm run projections:rebuild.';

/** Refuses a database that holds events or uploads already: two logs do not merge. */
export async function refuseNonEmpty(sql: Sql): Promise<void> {
  const [tables] = await sql.query<{ events: boolean; uploads: boolean }>(
    `SELECT to_regclass('public.events') IS NOT NULL AS events, to_regclass('public.uploads') IS NOT NULL AS uploads`,
  );
  if (tables.events) {
    const [{ n }] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    if (n > 0) throw new LogRefused(`La base de datos de destino ya tiene ${n} eventos: importe solo en una base de datos vacía. ${emptyTargetAdvice}`);
  }
  if (tables.uploads) {
    const [{ n }] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
    if (n > 0)
      throw new LogRefused(`La base de datos de destino ya tiene ${n} fotos registradas: importe solo en una base de datos vacía. ${emptyTargetAdvice}`);
  }
}

/**
 * The database as seen from inside one transaction: `transaction()` runs in it instead of opening
 * another, so the migrations and the rebuild (which each open their own) commit or roll back with it.
 */
function insideTransaction(db: Db, tx: Sql): Db {
  const notHere = () => Promise.reject(new Error('not available inside a transaction'));
  return { kind: db.kind, query: (text, params) => tx.query(text, params), transaction: (fn) => fn(tx), tryWithLock: notHere, listen: notHere, close: notHere };
}

/**
 * Runs `load` (which writes the log and whatever goes with it) in one transaction on an empty
 * database, after the migrations and before the read tables are rebuilt; the position sequence then
 * continues after the last position loaded.
 */
export async function intoEmptyDatabase<T>(db: Db, load: (tx: Sql) => Promise<T>, progress: Progress = () => {}): Promise<{ value: T; rebuilt: number }> {
  return db.transaction(async (tx) => {
    await refuseNonEmpty(tx);
    const here = insideTransaction(db, tx);
    await migrate(here, allMigrations);
    const value = await load(tx);
    progress('Reconstruyendo las tablas de lectura…');
    const { events } = await rebuildProjections(here, allProjectors);
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('events', 'position'), GREATEST((SELECT max(position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
    );
    return { value, rebuilt: events };
  });
}
