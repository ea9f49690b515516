// Starts the site: `npm start` (built assets) or `npm run dev` (Vite in middleware mode).
import { createServer } from 'node:http';
import { loadConfig } from './config';
import { createApp } from './app';
import { startFeedScheduler } from './feed-import';

const config = loadConfig();
const dev = process.argv.includes('--dev');
const httpServer = createServer();
const { app, services, close } = await createApp(config, { dev, httpServer });
httpServer.on('request', app.callback());
httpServer.listen(config.port, () => {
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`;
  console.log(`${config.siteName} escuchando en http://localhost:${config.port} (${database})`);
});

const stopScheduler = config.schedulerEnabled ? startFeedScheduler(services) : () => {};

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cerrando...`);
  stopScheduler();
  httpServer.close();
  httpServer.closeAllConnections?.();
  await close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
export { services };
