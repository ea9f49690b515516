// The server's own scheduled copy (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): the same archive as
// `npm run backup`, read through the server's open database (an embedded one belongs to this process
// alone). One instance at a time writes, under a database lock, and only when the newest copy in the
// folder is older than the interval, so instances sharing the folder make one copy, not one each.
// A copy is written under a temporary name and renamed once whole; the last BACKUP_KEEP are kept.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../events';
import { errorFields, type Logger } from '../log';
import type { BlobStore } from '../storage/blobs';
import { writeBackup } from './archive';

export type BackupSettings = { dir: string; everyMs: number; keep: number };

/** What the health probes tell of the scheduled copy. */
export type BackupStatus = {
  /** The newest whole copy in BACKUP_DIR (null: none yet). */
  at: string | null;
  ageHours: number | null;
  file: string | null;
  /** No copy for twice the interval: something keeps it from being made. */
  overdue: boolean;
  /** This instance's last attempt failed (the log says why). */
  failing: boolean;
};

export type BackupScheduler = {
  status(): Promise<BackupStatus>;
  start(): void;
  /** Stops the schedule; a copy being written is abandoned and its temporary file removed. */
  stop(): Promise<void>;
  /** One scheduled turn now: 'written', 'fresh' (the newest copy is recent enough) or 'busy' (another instance holds the lock). */
  runOnce(): Promise<'written' | 'fresh' | 'busy'>;
};

const copyName = /^copia-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;
const leftover = /^\.copia-.*\.tmp$/;

/** 'copia-2026-11-23T15-02-11-123Z.tar.gz': the time it was made, in a name every file system takes. */
const backupFileName = (at: Date) => `copia-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** How far in the future a copy may seem to be made before its dates are not believed (clocks of instances differ a little). */
const clockSkewMs = 5 * 60_000;

/** A whole copy; `believed` is false for one dated in the future. */
type Copy = { name: string; at: Date; believed: boolean };

/**
 * The whole copies in the folder, oldest first (a temporary file is never one). A copy's time is the
 * earlier of the one in its name and its file's modification time: a name alone can say anything (a
 * file copied in, a clock that was wrong). A copy whose name is dated in the future is not believed
 * at all (a file copied in just now would have a recent modification time): it sorts as the oldest,
 * so it never passes for the newest copy and is the first to be pruned.
 */
async function copiesIn(dir: string): Promise<Copy[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const latest = Date.now() + clockSkewMs;
  const copies = await Promise.all(
    names.map(async (name) => {
      const match = copyName.exec(name);
      if (!match) return null;
      const named = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
      const modified = (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs;
      if (modified === undefined || Number.isNaN(named)) return null;
      return { name, at: new Date(Math.min(named, modified)), believed: named <= latest };
    }),
  );
  return copies.filter((copy): copy is Copy => copy !== null).sort((a, b) => Number(a.believed) - Number(b.believed) || a.at.getTime() - b.at.getTime());
}

/** The newest copy whose time can be believed. */
const newestOf = (copies: Copy[]) => copies.filter((copy) => copy.believed).at(-1);

const firstCheckMs = 60_000;
const busyRetryMs = 60_000;
const failureRetryMs = 15 * 60_000;
/** setTimeout takes at most ~24.8 days; a long interval is checked again in steps. */
const longestWaitMs = 6 * 60 * 60_000;

export function backupScheduler(options: { db: Db; blobs: BlobStore; settings: BackupSettings; log: Logger }): BackupScheduler {
  const { db, blobs, log } = options;
  const { dir, everyMs, keep } = options.settings;
  const startedAt = Date.now();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let failing = false;
  let stopped = false;

  async function runOnce(): Promise<'written' | 'fresh' | 'busy'> {
    const turn = await db.tryWithLock('scheduled-backup', async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const newest = newestOf(await copiesIn(dir));
      if (newest && Date.now() - newest.at.getTime() < everyMs) return 'fresh' as const;
      // A copy cut short (a crash, a stop) left its temporary file; under the lock nobody else is writing one.
      for (const name of await readdir(dir)) if (leftover.test(name)) await rm(path.join(dir, name), { force: true });
      const started = Date.now();
      const name = backupFileName(new Date(started));
      // Photos missing from the storage do not stop a scheduled copy (no copy at all would be worse),
      // but it says so as an error, naming them.
      const counts = await writeBackup({ db, blobs, file: path.join(dir, name), signal: abort.signal, allowMissing: true });
      if (counts.missing) log.error({ file: name, missing: counts.missing, keys: counts.missingKeys.slice(0, 20) }, 'backup written with missing photos');
      const copies = await copiesIn(dir);
      for (const old of copies.slice(0, Math.max(0, copies.length - keep))) await rm(path.join(dir, old.name), { force: true });
      log.info(
        { file: name, events: counts.events, blobs: counts.blobs, missing: counts.missing, bytes: counts.bytes, ms: Date.now() - started },
        'backup written',
      );
      return 'written' as const;
    });
    return turn?.value ?? 'busy';
  }

  async function nextDelay(outcome: 'written' | 'fresh' | 'busy' | 'failed'): Promise<number> {
    if (outcome === 'failed') return Math.min(everyMs, failureRetryMs);
    if (outcome === 'busy') return Math.min(everyMs, busyRetryMs);
    const newest = newestOf(await copiesIn(dir));
    const due = newest ? newest.at.getTime() + everyMs - Date.now() : 0;
    return Math.min(Math.max(due, 1_000), longestWaitMs);
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => void turn(), ms);
    timer.unref();
  }

  async function turn() {
    let outcome: 'written' | 'fresh' | 'busy' | 'failed';
    running = (async () => {
      try {
        outcome = await runOnce();
        failing = false;
      } catch (error) {
        outcome = 'failed';
        if (stopped) return;
        failing = true;
        log.error(errorFields(error), 'backup failed');
      }
    })();
    await running;
    running = null;
    schedule(await nextDelay(outcome!).catch(() => Math.min(everyMs, failureRetryMs)));
  }

  return {
    runOnce,
    start() {
      schedule(Math.min(everyMs, firstCheckMs));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      await running;
    },
    async status() {
      let newest: Copy | undefined;
      try {
        newest = newestOf(await copiesIn(dir));
      } catch {
        return { at: null, ageHours: null, file: null, overdue: true, failing: true };
      }
      const age = Date.now() - (newest?.at.getTime() ?? startedAt);
      return {
        at: newest?.at.toISOString() ?? null,
        ageHours: newest ? Math.round((age / 3_600_000) * 1000) / 1000 : null,
        file: newest?.name ?? null,
        overdue: age > 2 * everyMs,
        failing,
      };
    },
  };
}
