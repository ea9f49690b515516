// A small reverse proxy on 127.0.0.1, as nginx or Caddy would sit in front of the app: it appends the
// client's address to X-Forwarded-For, says which protocol the client used, and spreads requests over
// the backends in turn (or sends one to the backend a test names in `x-backend`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReverseProxy = { base: string; hits: number[]; close(): Promise<void> };

export async function startReverseProxy(backends: string[], options: { forwardedProto?: 'http' | 'https' } = {}): Promise<ReverseProxy> {
  const hits = backends.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const named = Number(req.headers['x-backend']);
    const index = Number.isInteger(named) && named >= 0 && named < backends.length ? named : next++ % backends.length;
    hits[index] += 1;
    const target = new URL(req.url ?? '/', backends[index]);
    const headers = { ...req.headers };
    delete headers['x-backend'];
    const previous = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [previous, req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = options.forwardedProto ?? 'http';
    const upstream = http.request(target, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
