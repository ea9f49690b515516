// How fast this machine is right now, as the CPU time of a fixed piece of work like a server's (compress
// a 50 KB page at brotli 1, JSON of twelve articles out and back, a SHA-1 of the page), so that runs on
// different days can be told apart: the same code gave twice the requests a second on one day as on
// another (docs/search-and-page-cache.md). Less is faster; it says nothing of the code under test.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { articleRecord } from './articles';

const rounds = 7;
const perRound = 600;

/** The median CPU time (ms) of `perRound` repetitions of the work, over `rounds` rounds. */
export function machineReference(): number {
  const articles = Array.from({ length: 12 }, (_, i) => articleRecord(i));
  const page = Buffer.from(Array.from({ length: 24 }, (_, i) => `<article><h2>${articles[i % 12].title}</h2>${articles[i % 12].content}</article>`).join('\n'));
  const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } };
  let sink = 0;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < perRound; i++) {
      sink += zlib.brotliCompressSync(page, options).length;
      sink += (JSON.parse(JSON.stringify(articles)) as unknown[]).length;
      sink += createHash('sha1').update(page).digest().length;
    }
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  if (sink === 0) throw new Error('unreachable');
  times.sort((a, b) => a - b);
  return Math.round(times[rounds >> 1]);
}
