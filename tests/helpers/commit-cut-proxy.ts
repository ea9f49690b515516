// A TCP proxy to PostgreSQL that passes everything through, except that once a connection has sent an
// insert into the event log, its next COMMIT is passed on to the server and the server's answer is not:
// both sides are cut once the server has had time to commit. A load then sees its commit fail although
// it happened, as when the network drops just then.
import net, { type AddressInfo } from 'node:net';

export type CommitCutProxy = { port: number; cuts: () => number; close(): Promise<void> };

export async function startCommitCutProxy(pgPort: number): Promise<CommitCutProxy> {
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(pgPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    let loaded = false;
    let cut = false;
    client.on('data', (chunk: Buffer) => {
      if (cut) return;
      buffer = Buffer.concat([buffer, chunk]);
      const out: Buffer[] = [];
      for (;;) {
        if (!started) {
          // The startup message (and an SSL request before it) has no type byte.
          if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) break;
          const length = buffer.readInt32BE(0);
          out.push(buffer.subarray(0, length));
          started = length !== 8;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) break;
        const message = buffer.subarray(0, 1 + buffer.readInt32BE(1));
        buffer = buffer.subarray(message.length);
        out.push(message);
        const type = String.fromCharCode(message[0]);
        const text = type === 'Q' || type === 'P' ? message.subarray(5).toString('utf8') : '';
        if (/INSERT INTO events/i.test(text)) loaded = true;
        if (loaded && /\bCOMMIT\b/i.test(text)) {
          upstream.write(Buffer.concat(out));
          cut = true;
          cuts += 1;
          upstream.removeAllListeners('data');
          setTimeout(() => (client.destroy(), upstream.destroy()), 500);
          return;
        }
      }
      if (out.length) upstream.write(Buffer.concat(out));
    });
    upstream.on('data', (data) => {
      if (!cut) client.write(data);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => (upstream.destroy(), sockets.delete(client)));
    upstream.on('close', () => (client.destroy(), sockets.delete(upstream)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cuts: () => cuts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
