// The server's event-loop turns while it answers a load (`BENCH_TURNS=1 npm run bench:api`). In one turn
// the server reads every request that arrived since the last one, and, as long as nothing a request
// awaits is still pending, answers each before reading the next socket: a request waits for the turn
// under way to end, then for those read before it in its own. With the bench's closed loop (each
// connection asks again once answered), a request answered without waiting on anything (a kept or
// rendered page) therefore takes about the length of one turn, and a case's p97.5 is about that of its
// longest turns. The figure understates a request that waits (on the database): the turns it waits
// through are not its own. A turn is timed from its first request to the check phase that follows it
// (setImmediate), so nothing keeps the loop awake while the server is idle; what the loop did earlier in
// the same iteration (timers, other sockets' replies) is not counted.
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';

export type TurnFigures = {
  turns: number;
  /** Requests read in a turn, on average. */
  requestsPerTurn: number;
  /** The length of the turn each request was read in (ms): its median, p90, p97.5, and the longest turn. */
  p50: number;
  p90: number;
  p975: number;
  max: number;
};

export function loopTurns(server: Server) {
  let startedAt = -1;
  let requests = 0;
  /** Each turn's length and how many requests it read. */
  let turns: [number, number][] = [];
  const end = () => {
    turns.push([performance.now() - startedAt, requests]);
    startedAt = -1;
  };
  // Before the app's own listener: the turn starts when its first request is read.
  server.prependListener('request', () => {
    if (startedAt < 0) {
      startedAt = performance.now();
      requests = 0;
      setImmediate(end);
    }
    requests += 1;
  });
  return {
    /** The figures of the turns since the last call (null if none), and a new count from here. */
    take(): TurnFigures | null {
      const taken = turns;
      turns = [];
      return turnFigures(taken);
    },
  };
}

/** The figures of turns given as [length in ms, requests read]; null for none. */
export function turnFigures(turns: readonly (readonly [number, number])[]): TurnFigures | null {
  if (turns.length === 0) return null;
  const taken = [...turns].sort((a, b) => a[0] - b[0]);
  const requestCount = taken.reduce((sum, [, count]) => sum + count, 0);
  const tenth = (value: number) => Math.round(10 * value) / 10;
  // Weighted by requests: the turn that the request at this share of them (shortest turns first) was read in.
  const at = (share: number) => {
    let seen = 0;
    for (const [length, count] of taken) if ((seen += count) >= share * requestCount) return tenth(length);
    return tenth(taken[taken.length - 1][0]);
  };
  return {
    turns: taken.length,
    requestsPerTurn: tenth(requestCount / taken.length),
    p50: at(0.5),
    p90: at(0.9),
    p975: at(0.975),
    max: tenth(taken[taken.length - 1][0]),
  };
}
