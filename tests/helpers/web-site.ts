// The whole site as a visitor reaches it: the app with its web layer (the built pages, or in development
// Vite's dev server rendering the sources), on a free port of 127.0.0.1, against a fresh database and a
// data folder of its own.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../api/app';
import { loadConfig } from '../../api/config';
import { adminCredentials } from './app';
import { freshDatabase } from './database';
import { projectRoot } from '../../events/project-root';

export type WebSite = { app: App; base: string; stop(): Promise<void> };

/** `dev`: render through Vite's dev server, as `npm run dev` does, instead of dist/. */
export async function startWebSite(options: { dev?: boolean } = {}): Promise<WebSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'web-site-'));
  const database = await freshDatabase();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig(
    {
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    } as NodeJS.ProcessEnv,
    { databaseUrl: database.databaseUrl },
  );
  const app = await createApp(config, { httpServer: server, db: database.db, log: process.env.TEST_LOG ? console.log : () => {}, dev: options.dev });
  server.on('request', app.app.callback());
  return {
    app,
    base,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every public page, Spanish and English. */
export const publicPages = [
  '/',
  '/servicios',
  '/noticias',
  '/contacto',
  '/formulario-avanzada',
  '/en',
  '/en/services',
  '/en/news',
  '/en/contact',
  '/en/advance-form',
];

/** Whether `npm run build` has made the pages these tests serve (dist/). */
export const distBuilt = () =>
  existsSync(path.join(projectRoot, 'dist/client/.vite/manifest.json')) && existsSync(path.join(projectRoot, 'dist/server/entry-server.js'));

/** A GET with the request target written as given (fetch would make it origin-form), its body unencoded. */
export function rawGet(port: number, target: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]),
        head: answer.slice(0, answer.indexOf('\r\n\r\n')),
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
      }),
    );
    socket.on('error', reject);
  });
}
