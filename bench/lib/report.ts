// What bench/api.ts reports: the goals of a small server (2 cores shared with PostgreSQL, 32 connections,
// the load generator on the same machine), each case's figures, and the table that prints each beside
// its goal.
import type { Memory } from './api-server';
import type { TurnFigures } from './loop-turns';

export type Goal = { rps?: number; p975?: number };
/** The pages' goals, which each page also has while articles are written (p97.5 only). */
export const pageGoals: Record<string, Goal> = {
  'GET /': { rps: 8000, p975: 20 },
  'GET /noticias/{slug} (2.000)': { rps: 4000, p975: 30 },
  'GET /noticias?q=': { p975: 30 },
};
const rebuildTargetSeconds = 10;
/** RSS after the load, by number of articles (MB). */
const rssGoals: Record<number, number> = { 10_000: 250, 100_000: 800 };

export type CaseResult = {
  case: string;
  goal: Goal;
  firstPass: number;
  requestsPerSecond: number;
  p50: number;
  p975: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per request in the timed run (user + system, ms): what one request costs it. */
  serverCpuMs: number;
  /** Of that, its main thread's (the event loop's), ms; the rest is its helper threads' (collector, compiler, pool). Null without /proc. */
  serverMainThreadCpuMs: number | null;
  /** PostgreSQL's CPU time per request (the private cluster's processes), ms; null when it is not the bench's own to measure. */
  databaseCpuMs: number | null;
  /** The load generator's (this process's) CPU time per request, ms. */
  loaderCpuMs: number;
  /** Articles written meanwhile (the cases under writes). */
  writes?: number;
  /** The share of the requests the server rendered (no kept page answered them), %: the page cases. */
  renderedPercent?: number;
  /** The server's event-loop turns in the timed run (BENCH_TURNS=1). */
  turns?: TurnFigures;
};

/** One size's run: its cases, and the figures measured around them. */
export type Run = {
  articles: number;
  indexed: number;
  firstRebuildSeconds: number;
  rebuildSeconds: number;
  indexLoadSeconds: number;
  allocator: 'jemalloc' | 'system';
  loadAverage: number;
  /** The machine's speed before the run (machine-reference.ts): CPU ms of a fixed piece of work, median. */
  machineReferenceMs: number;
  /** The wall time (ms) of 2,000 loopback TCP round trips to another process, median (machine-reference.ts). */
  loopbackReferenceMs: number;
  memoryAtStart: Memory;
  memory: Memory;
  cases: CaseResult[];
};

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** The table of every run's cases and figures, each beside its goal. */
export function printTable(runs: Run[]) {
  const smallest = runs[0];
  const header = [
    'artículos',
    'caso',
    'req/s',
    '1.ª pasada',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'no 2xx',
    'CPU serv. ms/sol.',
    'CPU PG ms/sol.',
    'CPU carga ms/sol.',
    'objetivo',
    '',
  ];
  const rows: string[][] = [];
  /** A row for a single figure (a rebuild, a memory size) in the req/s column. */
  const figureRow = (articles: number, name: string, figure: string, goal = '', ok?: boolean) =>
    rows.push([String(articles), name, figure, '', '', '', '', '', '', '', '', goal, ok === undefined ? '' : mark(ok)]);
  for (const run of runs) {
    for (const c of run.cases) {
      const reference = smallest !== run ? smallest.cases.find((s) => s.case === c.case) : undefined;
      const scaled = Boolean(reference && c.goal.rps);
      const meets =
        (c.goal.rps === undefined || c.requestsPerSecond >= c.goal.rps) &&
        (c.goal.p975 === undefined || c.p975 <= c.goal.p975) &&
        c.non2xx === 0 &&
        c.errors === 0 &&
        (!scaled || c.requestsPerSecond * 2 >= reference!.requestsPerSecond);
      const goal = [
        c.goal.rps !== undefined ? `>= ${c.goal.rps} req/s` : '',
        c.goal.p975 !== undefined ? `p97.5 <= ${c.goal.p975}` : '',
        scaled ? '>= 1/2 de 10k' : '',
      ]
        .filter(Boolean)
        .join(', ');
      rows.push([
        String(run.articles),
        c.case,
        String(c.requestsPerSecond),
        String(c.firstPass || ''),
        String(c.p50),
        String(c.p975),
        String(c.p99),
        String(c.non2xx + c.errors),
        String(c.serverCpuMs),
        c.databaseCpuMs === null ? '' : String(c.databaseCpuMs),
        String(c.loaderCpuMs),
        goal,
        mark(meets),
      ]);
    }
    const rssGoal = rssGoals[run.articles];
    figureRow(
      run.articles,
      `RSS del servidor tras la carga (${run.memory.articles.toLocaleString('es-CR')} artículos)`,
      `${mb(run.memory.rss)} MB`,
      rssGoal ? `<= ${rssGoal} MB` : '',
      rssGoal ? mb(run.memory.rss) <= rssGoal : undefined,
    );
    figureRow(run.articles, 'RSS del servidor al arrancar', `${mb(run.memoryAtStart.rss)} MB`);
    figureRow(
      run.articles,
      'montículo tras la carga (tras GC)',
      `${mb(run.memory.heapUsed)} MB (${run.memory.heapUsedAfterGc === null ? '?' : mb(run.memory.heapUsedAfterGc)})`,
    );
    figureRow(run.articles, 'primera reconstrucción (vectores por calcular)', `${run.firstRebuildSeconds.toFixed(1)} s`);
    const atScale = run.articles >= 100_000;
    figureRow(
      run.articles,
      'projections:rebuild',
      `${run.rebuildSeconds.toFixed(1)} s`,
      atScale ? `<= ${rebuildTargetSeconds} s` : '',
      atScale ? run.rebuildSeconds <= rebuildTargetSeconds : undefined,
    );
    figureRow(run.articles, 'referencia de la máquina (menos: más rápida)', `${run.machineReferenceMs} ms`);
    figureRow(run.articles, 'ida y vuelta local, 2.000 veces (menos: más rápida)', `${run.loopbackReferenceMs} ms`);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 && i <= 10 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
