// The load side of `npm run bench:api` (its parent process): one case run against the bench's server
// with autocannon, and what the server, PostgreSQL and this process spent on it.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { articleRecord } from './articles';
import type { TurnFigures } from './loop-turns';
import type { CaseResult, Goal } from './report';

/** How a case is run: connections, seconds of a timed run, and whether the server's turns are counted. */
export type LoadSettings = { connections: number; durationSeconds: number; countTurns: boolean };

export type Load = { paths: string[]; headers?: Record<string, string>; method?: string; body?: (i: number) => string; clients?: number };
export type Case = {
  name: string;
  goal: Goal;
  load: Load;
  /** One pass over the URLs first (what is kept is then made). */
  warm: boolean;
  /**
   * Instead of one pass over the URLs, this many requests first: the writes. A server's first writes run its
   * write path's code before V8 has compiled it (on the same two cores), at about half the rate of its
   * later ones; a running site is past them, so they are the case's first pass, not its figure.
   */
  warmRequests?: number;
  /** This many requests instead of a timed run (each URL once: the never-asked pairs; the writes: as many articles on any machine). */
  amount?: number;
  /** Articles written during the run, a second. */
  writes?: number;
};

/** How many requests each load has made so far: a later run goes on from there (new writes are new articles, not the first pass's texts again). */
const requestsMade = new WeakMap<Load, number>();

function run(base: string, load: Load, connections: number, options: { duration?: number; amount?: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: load.clients ?? connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
        // autocannon ends a run at its next sample, once a second by default: a run of a fixed number of
        // requests (the first pass, the never-asked pairs, the writes) lasted a whole number of seconds, and its req/s
        // was that number divided into it (2,000 pairs done in 1.2 s counted as 2 s: 1,000 req/s).
        sampleInt: 20,
        headers: { ...(load.body ? { 'content-type': 'application/json' } : { 'accept-encoding': 'br, gzip' }), ...load.headers },
        requests: [
          {
            method: (load.method ?? 'GET') as 'GET',
            setupRequest: (request: autocannon.Request) => {
              const i = requestsMade.get(load) ?? 0;
              requestsMade.set(load, i + 1);
              return { ...request, path: load.paths[i % load.paths.length], ...(load.body ? { body: load.body(i) } : {}) };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export function ask<T>(child: ChildProcess, question: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const answer = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', answer);
      resolve(message[key] as T);
    };
    child.on('message', answer);
    child.send(question);
  });
}

/** The server's CPU time so far, in microseconds (user + system), and how many pages it rendered for visitors. */
const serverCounters = async (child: ChildProcess) => {
  const { time, mainThread, renders } = await ask<{ time: NodeJS.CpuUsage; mainThread: number | null; renders: number }>(child, 'cpu', 'cpu');
  return { cpu: time.user + time.system, mainThread, renders };
};

/** Microseconds per request, as ms with three decimals. */
const perRequest = (micros: number, requests: number) => (requests ? Math.round(micros / requests) / 1000 : 0);

/** New articles from staff at a steady rate until stopped: each one drops the kept pages. */
function writer(base: string, cookie: string, perSecond: number, count: number) {
  let written = 0;
  let failed = 0;
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    fetch(`${base}/api/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ ...articleRecord(count + 500_000 + i), slug: `mientras-${count}-${i}-${randomBytes(3).toString('hex')}`, publishedAt: undefined }),
    })
      .then((answer) => (answer.status === 201 || answer.status === 200 ? written++ : failed++))
      .catch(() => failed++);
  }, 1000 / perSecond);
  return {
    stop() {
      clearInterval(timer);
      return { written, failed };
    },
  };
}

/** PostgreSQL's CPU time so far (microseconds), when the bench runs its own cluster. */
export type DatabaseCpu = (() => number) | null;

export async function measure(
  settings: LoadSettings,
  test: Case,
  base: string,
  child: ChildProcess,
  /** Staff's session cookie, for the writes meanwhile. */
  cookie: string,
  count: number,
  databaseCpu: DatabaseCpu,
): Promise<CaseResult> {
  const { connections, durationSeconds, countTurns } = settings;
  const { load } = test;
  let firstPass = 0;
  if (test.warm) {
    const started = performance.now();
    const amount = test.warmRequests ?? Math.max(load.paths.length, connections);
    await run(base, load, connections, { amount });
    firstPass = Math.round(amount / ((performance.now() - started) / 1000));
  }
  const writes = test.writes ? writer(base, cookie, test.writes, count) : null;
  if (countTurns) await ask(child, 'turns', 'turns');
  const before = await serverCounters(child);
  const databaseBefore = databaseCpu?.();
  const loaderBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run(base, load, connections, test.amount ? { amount: test.amount } : { duration: durationSeconds });
  const seconds = (performance.now() - started) / 1000;
  const loaderUsed = process.cpuUsage(loaderBefore);
  const databaseUsed = databaseCpu && databaseBefore !== undefined ? databaseCpu() - databaseBefore : null;
  const after = await serverCounters(child);
  const turns = countTurns ? await ask<TurnFigures | null>(child, 'turns', 'turns') : null;
  const cpuUsed = after.cpu - before.cpu;
  const rendered = after.renders - before.renders;
  const wrote = writes?.stop();
  const requests = result.requests.total;
  return {
    case: test.name,
    goal: test.goal,
    firstPass,
    requestsPerSecond: Math.round(requests / seconds),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    requests,
    non2xx: result.non2xx + (wrote?.failed ?? 0),
    errors: result.errors + result.timeouts,
    serverCpuMs: perRequest(cpuUsed, requests),
    serverMainThreadCpuMs: after.mainThread !== null && before.mainThread !== null ? perRequest(after.mainThread - before.mainThread, requests) : null,
    databaseCpuMs: databaseUsed === null ? null : perRequest(databaseUsed, requests),
    loaderCpuMs: perRequest(loaderUsed.user + loaderUsed.system, requests),
    ...(wrote ? { writes: wrote.written } : {}),
    ...(turns ? { turns } : {}),
    ...(load.paths[0].startsWith('/api/') || !requests ? {} : { renderedPercent: Math.round((1000 * rendered) / requests) / 10 }),
  };
}
