// A PostgreSQL cluster of the test's own (own directory, own port), to stop and start at will: outage
// tests must never touch the shared server. Run as the `postgres` user when we are root (initdb refuses root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PrivatePostgres = { url: string; port: number; stop(): void; start(): void; destroy(): void };

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

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
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
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => sh(`${bin}/pg_ctl -D ${data} -o "${options}" -l ${dir}/server.log -w -t 60 start`);
  const stop = () => sh(`${bin}/pg_ctl -D ${data} -m fast -w -t 60 stop`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
