// The HTTP server around the app: time limits a slow client cannot stretch, a cap on open connections,
// and a graceful stop that lets requests in flight finish.
import { createServer, type Server } from 'node:http';
import type { Config } from './config';

export function createHttpServer(config: Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnections'>): Server {
  const server = createServer({
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // Node checks those limits only this often (30 s by default): a slow client would outlive them.
    connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    keepAliveTimeout: 5_000,
  });
  server.maxConnections = config.maxConnections;
  return server;
}

/**
 * Stops taking connections, lets requests in flight finish (idle keep-alive connections are closed at
 * once), and after `graceMs` closes whatever is left. Resolves when the server has let go.
 */
export function stopAccepting(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
