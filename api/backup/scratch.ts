// The private scratch copies of a log that a backup or an import keeps while it works: a folder in the
// system's temporary folder, named with the process that made it (`contraespionaje-copia-<pid>-XXXXXX`,
// `contraespionaje-importacion-<pid>-XXXXXX`), and, for a backup, the archive being written under a
// temporary name beside its final one (`.<name>.<pid>.<8 hex>.tmp`). Each is removed by the run that
// made it, whether it ends well, fails or is stopped by a signal. One a crash left behind (SIGKILL, a
// power cut) is removed by the next run once its process is gone; nothing else is ever touched, and
// never a finished archive (a folder is never one, and a finished archive has no such name).
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

type ScratchKind = 'copia' | 'importacion';

const scratchFolderName = /^contraespionaje-(copia|importacion)-(\d+)-[A-Za-z0-9]{6}$/;
/** The only files a scratch folder ever holds. */
const scratchFiles = new Set(['log.jsonl', 'registro.jsonl']);
const partialName = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
/**
 * A partial archive of a dead process is left alone until it has not changed for this long: the folder
 * may be shared with another machine, where that process id means another process, still writing.
 */
const partialIdleMs = 10 * 60_000;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** Removes the scratch folders in `dir` whose process is gone, if they hold nothing but a scratch log. */
async function removeStaleScratch(dir = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await namesIn(dir)) {
    const match = scratchFolderName.exec(name);
    if (!match || alive(Number(match[2]))) continue;
    const full = path.join(dir, name);
    const info = await lstat(full).catch(() => null);
    if (!info?.isDirectory()) continue;
    if (!(await namesIn(full)).every((file) => scratchFiles.has(file))) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}

/** Removes the partial archives in `dir` left by processes that are gone (and idle for a while). */
export async function removeStalePartials(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await namesIn(dir)) {
    const match = partialName.exec(name);
    if (!match || alive(Number(match[1]))) continue;
    const full = path.join(dir, name);
    const info = await lstat(full).catch(() => null);
    if (!info?.isFile() || Date.now() - info.mtimeMs < partialIdleMs) continue;
    await rm(full, { force: true });
    removed.push(full);
  }
  return removed;
}

/** A new private scratch folder of this process, after removing the ones crashed runs left. */
export async function scratchFolder(kind: ScratchKind): Promise<string> {
  await removeStaleScratch();
  return mkdtemp(path.join(os.tmpdir(), `contraespionaje-${kind}-${process.pid}-`));
}

/** The promise's outcome, or the signal's abort reason as soon as it is aborted (the promise is left to itself). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
