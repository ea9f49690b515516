// The bench's count of the server's event-loop turns (bench/lib/loop-turns.ts): a turn lasts as long as
// the requests read in it take to answer, and each request is counted in the turn it was read in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loopTurns, turnFigures } from '../../bench/lib/loop-turns';

const busyMs = 50;

async function withServer(run: (base: string, turns: ReturnType<typeof loopTurns>) => Promise<void>) {
  const server: Server = createServer((request, response) => {
    if (request.url === '/lento') {
      const until = performance.now() + busyMs;
      while (performance.now() < until);
    }
    response.end('ok');
  });
  const turns = loopTurns(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, turns);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('each request is counted in a turn at least as long as its own synchronous work', () =>
  withServer(async (base, turns) => {
    assert.is(turns.take(), null, 'no request, no turn');
    await Promise.all(Array.from({ length: 4 }, () => fetch(`${base}/lento`).then((answer) => answer.text())));
    const figures = turns.take();
    assert.ok(figures);
    assert.ok(figures.turns >= 1 && figures.turns <= 4, `turns: ${figures.turns}`);
    assert.is(Math.round(figures.turns * figures.requestsPerTurn), 4);
    assert.ok(figures.p50 >= busyMs, `median ${figures.p50} ms`);
    assert.ok(figures.max >= figures.p975 && figures.p975 >= figures.p90 && figures.p90 >= figures.p50);
    assert.is(turns.take(), null, 'each ask starts a new count');
  }));

test('quick answers make short turns', () =>
  withServer(async (base, turns) => {
    for (let i = 0; i < 5; i++) await fetch(`${base}/rapido`).then((answer) => answer.text());
    const figures = turns.take();
    assert.ok(figures);
    assert.is(figures.turns, 5, 'one request after the other: a turn each');
    assert.ok(figures.max < busyMs, `longest ${figures.max} ms`);
  }));

test('the figures are weighted by the requests each turn read', () => {
  assert.is(turnFigures([]), null);
  // Nine requests in a short turn, one in a long one: the median and p90 request was read in the short one.
  assert.equal(
    turnFigures([
      [100, 1],
      [1, 9],
    ]),
    { turns: 2, requestsPerTurn: 5, p50: 1, p90: 1, p975: 100, max: 100 },
  );
  // Unweighted, the median turn of these would be 30 ms; 90 of the 100 requests were read in the 2 ms turns.
  const turns: [number, number][] = [
    [2, 45],
    [30, 1],
    [40, 1],
    [2, 45],
    [30, 1],
    [50, 7],
  ];
  assert.equal(turnFigures(turns), { turns: 6, requestsPerTurn: 16.7, p50: 2, p90: 2, p975: 50, max: 50 });
});

test.run();
