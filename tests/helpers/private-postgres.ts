// A PostgreSQL cluster of the test's own (own directory, own port), to stop and start, or freeze and
// thaw, at will: outage tests must never touch the shared server. Run as the `postgres` user when we are
// root (initdb refuses root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cpuMicrosOf } from './proc-cpu';

export type PrivatePostgres = {
  url: string;
  /** The same server through its Unix socket (libpq's `host` parameter naming the socket's directory). */
  socketUrl: string;
  port: number;
  stop(): void;
  start(): void;
  /**
   * SIGSTOP to this cluster's postmaster and every process it started: connections stay open and
   * nothing answers, as when the server hangs or the network between is cut. Answers the PIDs stopped.
   */
  freeze(): number[];
  /** SIGCONT to the processes `freeze` stopped. */
  thaw(): void;
  /**
   * The CPU time (user + system, microseconds) this cluster's processes have used so far: the postmaster's,
   * its children's that ended, and its running children's. A benchmark reads it around a case.
   */
  cpuMicros(): number;
  destroy(): void;
};

export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .find((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')));
  return version ? path.join(root, version, 'bin') : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type PrivatePostgresOptions = {
  /** fsync on, as a real server runs (benchmarks of writes); off by default, tests need no durability. */
  durable?: boolean;
  /** A command the server is started under, e.g. ['taskset', '-c', '0,1']: its processes inherit it. */
  launcher?: string[];
};

export async function startPrivatePostgres(settings: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-privado-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const sh = (command: string) => {
    const quoted = command;
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
    else execFileSync('/bin/sh', ['-c', quoted], { stdio: 'pipe' });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  sh(`${bin}/initdb -D ${data} -U postgres --auth=trust --no-sync -E UTF8 > ${dir}/initdb.log 2>&1`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${settings.durable ? '' : ' -c fsync=off'} -c max_connections=50`;
  const launcher = settings.launcher?.length ? `${settings.launcher.join(' ')} ` : '';
  const start = () => sh(`${launcher}${bin}/pg_ctl -D ${data} -o "${options}" -l ${dir}/server.log -w -t 60 start`);
  const stop = () => sh(`${bin}/pg_ctl -D ${data} -m fast -w -t 60 stop`);
  start();
  // Found by this cluster's own pid file and parent PIDs, never by process name: other clusters run here.
  const postmasterPid = () => {
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // 0 or -1 would signal whole process groups, ours among them.
    if (!Number.isInteger(pid) || pid <= 1) throw new Error(`unexpected postmaster PID in ${data}/postmaster.pid`);
    return pid;
  };
  const childrenOf = (parent: number) =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          // "pid (command) state ppid ...": the command may hold spaces and parentheses.
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
        } catch {
          return false; // ended meanwhile
        }
      })
      .map(Number);
  let frozen: number[] = [];
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // ended meanwhile
    }
  };
  const thaw = () => {
    for (const pid of frozen.splice(0)) signal(pid, 'SIGCONT');
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    port,
    start,
    stop,
    freeze() {
      // The postmaster first, so that it starts no process once its children are listed.
      const postmaster = postmasterPid();
      process.kill(postmaster, 'SIGSTOP');
      frozen = [postmaster, ...childrenOf(postmaster)];
      for (const pid of frozen.slice(1)) signal(pid, 'SIGSTOP');
      return [...frozen];
    },
    thaw,
    cpuMicros() {
      const postmaster = postmasterPid();
      // Its own time and that of the children it has waited for (backends that closed, autovacuum workers).
      const ownAndReaped = () => cpuMicrosOf(readFileSync(`/proc/${postmaster}/stat`, 'utf8'), true);
      // A child reaped while the running ones are read would be in neither sum: read again until no child
      // was reaped meanwhile.
      for (let tries = 0; ; tries += 1) {
        const before = ownAndReaped();
        let running = 0;
        for (const pid of childrenOf(postmaster)) {
          try {
            running += cpuMicrosOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
          } catch {
            // reaped meanwhile: the postmaster's reading below tells
          }
        }
        const after = ownAndReaped();
        if (after === before || tries === 5) return after + running;
      }
    },
    destroy() {
      thaw();
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
