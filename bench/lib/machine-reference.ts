// How fast this machine is right now, as the CPU time of a fixed piece of work like a server's (compress
// a 50 KB page at brotli 1, JSON of twelve articles out and back, a SHA-1 of the page), so that runs on
// different days can be told apart: the same code gave twice the requests a second on one day as on
// another (docs/search-and-page-cache.md). Less is faster; it says nothing of the code under test.
// The CPU work does not show what the kernel's path costs (a socket's send and receive, waking another
// process): it read 97 and 118 ms on two days when `GET /`, mostly that path, ran at 15,439 and 5,827
// requests a second. The round trips to another process over loopback TCP are the second figure.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
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

/** A process that echoes what a TCP client sends it, on a port it prints. */
const echoServer = `const net = require('node:net');
const server = net.createServer((socket) => { socket.setNoDelay(true); socket.on('data', (data) => socket.write(data)); });
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`;

const tripRounds = 5;
const tripsPerRound = 2000;

/** Longer than the slowest machine takes for all the rounds: past it the figure is given up. */
const loopbackDeadlineMs = 60_000;

/**
 * The median wall time (ms) of `tripsPerRound` round trips of 64 bytes, one after the other, to another
 * process over loopback TCP, over `tripRounds` rounds (after one untimed). Less is faster. Fails, rather
 * than hangs, if the other process dies, the connection drops, or the rounds outlast the deadline.
 */
export async function loopbackReference(): Promise<number> {
  const child = spawn(process.execPath, ['-e', echoServer], { stdio: ['pipe', 'pipe', 'inherit'] });
  let socket: Socket | null = null;
  let timer: NodeJS.Timeout | undefined;
  // Settles (rejects) when anything goes wrong: every wait below races it.
  const failed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('la medición de ida y vuelta local no terminó a tiempo')), loopbackDeadlineMs);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`el proceso de eco terminó (código ${code})`)));
  });
  failed.catch(() => {});
  try {
    const port = await Promise.race([
      new Promise<number>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))),
      failed,
    ]);
    const connection = connect({ port, host: '127.0.0.1', noDelay: true });
    socket = connection;
    const dropped = new Promise<never>((_, reject) => {
      connection.once('error', reject);
      connection.once('close', () => reject(new Error('la conexión de ida y vuelta local se cerró')));
    });
    dropped.catch(() => {});
    await Promise.race([new Promise<void>((resolve) => connection.once('connect', () => resolve())), failed, dropped]);
    const message = Buffer.alloc(64, 'x');
    const trip = () =>
      new Promise<void>((resolve) => {
        let received = 0;
        const onData = (data: Buffer) => {
          received += data.length;
          if (received < message.length) return;
          connection.off('data', onData);
          resolve();
        };
        connection.on('data', onData);
        connection.write(message);
      });
    const round = async () => {
      for (let i = 0; i < tripsPerRound; i++) await trip();
    };
    // A first round untimed: the code of a trip compiled, the connection's buffers grown.
    await Promise.race([round(), failed, dropped]);
    const times: number[] = [];
    for (let r = 0; r < tripRounds; r++) {
      const started = performance.now();
      await Promise.race([round(), failed, dropped]);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return Math.round(times[tripRounds >> 1]);
  } finally {
    clearTimeout(timer);
    socket?.destroy();
    child.removeAllListeners('exit');
    child.stdin.end();
    child.kill();
  }
}
