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

/** What a load must leave in the database once committed: its counts and last position. */
export type LoadExpected = { events: number; uploads: number; lastPosition: number };

/**
 * A load whose commit may or may not have happened, and a fresh look could not tell which: nothing
 * may be undone on either side (the photos written stay), and the message says what to check.
 */
export class LoadOutcomeUnknown extends LogRefused {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a load whose commit went unanswered waits to learn from a fresh connection what became of it. */
const outcomeDeadlineMs = 20_000;

/**
 * After a commit went unanswered: whether the load is in the database ('landed'), certainly is not
 * ('absent'), or that cannot be told ('unknown'). On PostgreSQL, the session that ran the load is
 * ended first (and waited for), so its transaction has finished either way before the log is counted:
 * a count taken while that session still lives could miss a commit that is about to happen.
 */
async function outcomeOf(db: Db, session: { pid: number; started: string } | null, expected: LoadExpected) {
  const until = Date.now() + outcomeDeadlineMs;
  for (;;) {
    try {
      if (session) {
        const alive = `FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2::timestamptz`;
        await db.query(`SELECT pg_terminate_backend(pid) ${alive}`, [session.pid, session.started]);
        const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${alive}`, [session.pid, session.started]);
        if (n > 0) throw new Error('the load’s session has not ended yet');
      }
      const [tables] = await db.query<{ events: boolean; uploads: boolean }>(
        `SELECT to_regclass('public.events') IS NOT NULL AS events, to_regclass('public.uploads') IS NOT NULL AS uploads`,
      );
      if (!tables.events) return 'absent';
      const [found] = await db.query<{ events: number; last: number }>('SELECT count(*)::int AS events, coalesce(max(position), 0)::int AS last FROM events');
      const uploads = tables.uploads ? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0].n : 0;
      if (found.events === 0 && uploads === 0) return 'absent';
      if (found.events === expected.events && found.last === expected.lastPosition && uploads === expected.uploads) return 'landed';
      return 'unknown';
    } catch {
      if (Date.now() >= until) return 'unknown';
      await pause(1000);
    }
  }
}

/**
 * Runs `load` (which writes the log and whatever goes with it) in one transaction on an empty
 * database, after the migrations and before the read tables are rebuilt; the position sequence then
 * continues after the last position loaded.
 *
 * A commit that fails after the whole load was written may have happened all the same (its answer
 * lost with the connection): then the database is asked again on a fresh connection. A load found
 * there whole counts as done; one found absent fails with the original error (nothing to keep); when
 * the answer cannot be had, `LoadOutcomeUnknown` says what the operator must check, and nobody may
 * undo anything on the strength of a failure that may not be one.
 */
export async function intoEmptyDatabase<T>(
  db: Db,
  load: (tx: Sql) => Promise<T>,
  expected: LoadExpected,
  progress: Progress = () => {},
): Promise<{ value: T; rebuilt: number }> {
  let session: { pid: number; started: string } | null = null;
  let written: { value: T; rebuilt: number } | null = null;
  try {
    return await db.transaction(async (tx) => {
      if (db.kind === 'postgres') {
        [session] = await tx.query<{ pid: number; started: string }>(
          `SELECT pid, backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
        );
      }
      await refuseNonEmpty(tx);
      const here = insideTransaction(db, tx);
      await migrate(here, allMigrations);
      const value = await load(tx);
      progress('Reconstruyendo las tablas de lectura…');
      const { events } = await rebuildProjections(here, allProjectors);
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('events', 'position'), GREATEST((SELECT max(position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
      );
      written = { value, rebuilt: events };
      return written;
    });
  } catch (error) {
    if (!written) throw error;
    const reason = (error as Error)?.message ?? String(error);
    progress(`La base de datos no respondió a la confirmación (${reason}): comprobando en una conexión nueva si la carga quedó escrita…`);
    const outcome = await outcomeOf(db, session, expected);
    if (outcome === 'landed') {
      progress(`La carga sí quedó escrita entera: la base de datos tiene los ${expected.events} eventos, hasta la posición ${expected.lastPosition}.`);
      return written;
    }
    if (outcome === 'absent') throw error;
    throw new LoadOutcomeUnknown(
      `No se sabe si la carga quedó escrita: la base de datos no respondió a la confirmación (${reason}) y no se pudo comprobar después. ` +
        `No se quitó nada. Compruebe la base de datos de destino: SELECT count(*), max(position) FROM events; ` +
        `si da ${expected.events} eventos hasta la posición ${expected.lastPosition} (y ${expected.uploads} filas en uploads), la carga está completa; ` +
        `si no hay ninguno, no quedó nada en la base de datos y puede repetir la carga.`,
    );
  }
}
