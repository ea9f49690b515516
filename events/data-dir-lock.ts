// The embedded database belongs to one process. Two processes writing one PGlite directory lose
// acknowledged writes, so whoever opens it first leaves a lock file naming itself (pid, command, since),
// and everyone else refuses at once with that name. A lock left by a dead process is taken over.
import { closeSync, openSync, readFileSync, rmSync, utimesSync, writeSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export type LockHolder = { pid: number; host: string; command: string; since: string };

export class DataDirBusy extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `La base de datos integrada en ${dir} está en uso por otro proceso (pid ${holder.pid}, «${holder.command}», ` +
        `desde ${holder.since}${holder.host !== hostname() ? `, en ${holder.host}` : ''}). Detenga ese proceso antes de abrirla; ` +
        'para varios procesos a la vez use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirBusy';
  }
}

/** A lock whose holder stopped refreshing it this long ago is stale, even on another host. */
const staleAfterMs = 60_000;
const refreshEveryMs = 15_000;
/** Directories this process holds: a second open in one process is refused the same way. */
const heldHere = new Set<string>();

/** The command that is opening the database, as an operator would recognise it. */
function describeCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return `npm run ${script}`;
  return ['node', ...process.argv.slice(1).map((arg) => path.relative(process.cwd(), arg) || arg)].join(' ');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process not yet reaped by its parent (a zombie) still answers signal 0, yet holds nothing.
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()?.[0] !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust the signal
  }
}

function readHolder(file: string): { holder: LockHolder; ageMs: number } | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return { holder, ageMs: Date.now() - statSync(file).mtimeMs };
  } catch {
    return null; // vanished meanwhile, or half-written by a process that died while writing it
  }
}

function isStale(file: string, holder: LockHolder, ageMs: number): boolean {
  if (holder.host === hostname()) {
    // Our own pid in the file, yet not held by us: a previous life of this container or machine.
    if (holder.pid === process.pid) return true;
    return !alive(holder.pid);
  }
  return ageMs > staleAfterMs;
}

/** Takes the lock of `dir` (a PGlite data directory) or throws DataDirBusy; answers its release. */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, 'proceso.lock');
  const me: LockHolder = { pid: process.pid, host: hostname(), command: describeCommand(), since: new Date().toISOString() };
  if (heldHere.has(resolved)) throw new DataDirBusy(resolved, me);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      heldHere.add(resolved);
      const refresh = setInterval(() => {
        const now = new Date();
        try {
          utimesSync(file, now, now);
        } catch {
          // Removed by hand: nothing to refresh; the next opener will simply take it.
        }
      }, refreshEveryMs);
      refresh.unref();
      return () => {
        clearInterval(refresh);
        heldHere.delete(resolved);
        const current = readHolder(file);
        if (current?.holder.pid === me.pid && current.holder.since === me.since) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(file);
      if (current && !isStale(file, current.holder, current.ageMs)) throw new DataDirBusy(resolved, current.holder);
      // Stale or unreadable: remove it and try again (another opener may win that race; then it holds it).
      if (current || attempt > 0) rmSync(file, { force: true });
      else if (Date.now() - safeMtime(file) > 2_000) rmSync(file, { force: true });
    }
  }
  const current = readHolder(file);
  throw new DataDirBusy(resolved, current?.holder ?? { pid: 0, host: hostname(), command: 'desconocido', since: 'desconocido' });
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
