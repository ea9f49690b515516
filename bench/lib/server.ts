// Fault and load benches drive the real server as an operator starts it: `node dist/node/server.mjs`
// through scripts/launch-server.sh (the bundle and the pages `npm run build` makes, so that first), in a
// child process we can SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { postgresTarget } from '../../events/postgres-target';

export type ServerProcess = { child: ChildProcess; base: string; log: () => string; stop(): Promise<void> };

export const benchAdmin = { username: 'admin', password: 'clave-de-banco-123' };

export async function startServer(env: Record<string, string>, timeoutMs = 900_000): Promise<ServerProcess> {
  let log = '';
  // Through the launcher the image and `npm start` use (jemalloc where installed); it execs node, so the
  // child's PID is the server's and a SIGKILL reaches it.
  const child = spawn('sh', ['scripts/launch-server.sh', process.execPath, 'dist/node/server.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      FEED_SCHEDULER: 'off',
      ADMIN_USERNAME: benchAdmin.username,
      ADMIN_PASSWORD: benchAdmin.password,
      SESSION_SECRET: 'secreto-del-banco',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Request lines arrive by the thousand under load: keep the start and the last stretch only.
  let head = '';
  const keep = (d: Buffer) => {
    if (head.length < 16_384) head += d;
    log = (log + d).slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // Never leave a server behind: if the bench stops for any reason, its servers stop too (the listener
  // goes with the server, so that a bench starting many servers does not pile them up).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${log}`));
    }, timeoutMs);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
    const check = () => {
      const match = /"port":(\d+)/.exec(head);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      } else setTimeout(check, 100);
    };
    check();
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    log: () => `${head}\n…\n${log}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The PostgreSQL server the benches make their databases on. */
export const benchDatabaseServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database on the bench server, dropped by `drop()`. */
export async function freshPostgres(server = benchDatabaseServer): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = server;
  const { default: postgres } = await import('postgres');
  const target = postgresTarget(admin);
  const root = postgres(target.url, { max: 1, path: target.path, onnotice: () => {} });
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await root.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await root.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await root.end();
    },
  };
}

/** Drops a database `freshPostgres` made (its URL names it). */
export async function dropPostgres(databaseUrl: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^bench_\w+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  url.pathname = '/postgres';
  const target = postgresTarget(url.toString());
  const root = postgres(target.url, { max: 1, path: target.path, onnotice: () => {} });
  try {
    await root.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await root.end();
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The bench admin's session cookie, as a browser would send it back. */
export async function staffCookie(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchAdmin) });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A cookie-keeping signed-in fetch for staff reads. */
export async function signIn(base: string): Promise<(path: string) => Promise<Response>> {
  const cookie = await staffCookie(base);
  return (path) => fetch(`${base}${path}`, { headers: { cookie } });
}
