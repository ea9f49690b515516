// The whole site as a visitor reaches it: the app with its web layer (the built pages, or in development
// Vite's dev server rendering the sources), on a free port of 127.0.0.1, against a fresh database and a
// data folder of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../api/app';
import { loadConfig } from '../../api/config';
import { adminCredentials } from './app';
import { freshDatabase } from './database';

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
