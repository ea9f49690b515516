// Starts the site: `npm start` (built assets) or `npm run dev` (Vite in middleware mode).
// SIGTERM or SIGINT stop it gracefully: /readyz turns 503, no new connections, requests in flight
// finish, the feed scheduler and the app's processors stop, and the database is closed.
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { createApp } from './app';
import { startFeedScheduler } from './feed-import';
import { createHttpServer, stopAccepting } from './http-server';
import { createLogger, errorFields } from './log';

const log = createLogger();
const config = loadConfig();
const dev = process.argv.includes('--dev');
const httpServer = createHttpServer(config);
let started: Awaited<ReturnType<typeof createApp>>;
try {
  started = await createApp(config, { dev, httpServer });
} catch (error) {
  // A held DATA_DIR, a refused connection: one readable line, no stack, and a failing exit code.
  console.error((error as Error)?.message ?? error);
  process.exit(1);
}
const { app, services, close, markStopping } = started;
httpServer.on('request', app.callback());
httpServer.listen(config.port, () => {
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`;
  const { port } = httpServer.address() as AddressInfo;
  log.info({ port, database: config.databaseUrl ? 'postgres' : 'pglite' }, `${config.siteName} escuchando en http://localhost:${port} (${database})`);
});

const stopScheduler = config.schedulerEnabled ? startFeedScheduler(services) : async () => {};
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'deteniendo: se terminan las solicitudes en curso');
  markStopping();
  try {
    await Promise.all([stopAccepting(httpServer, graceMs), stopScheduler()]);
    await close();
    log.info('detenido');
    process.exit(0);
  } catch (error) {
    log.error(errorFields(error), 'error al detener');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
export { services };
