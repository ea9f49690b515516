// Starts the real app (built assets, a fresh in-memory database, a known admin) with a few published
// articles, for the measuring scripts: bench/web.ts and scripts/screenshots.ts.
// `SKIP_BUILD=1` reuses dist/ as it is; otherwise `npm run build` runs first so the figures are of
// the code in the tree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../api/app';
import { loadConfig } from '../api/config';
import { freshDatabase } from '../tests/helpers/database';
import { sampleArticles } from './lib/sample-articles';

export type Site = { baseURL: string; articleSlug: string; stop(): Promise<void> };

/** The measuring site's admin, for scripts that write more content through the API. */
export const siteAdmin = { username: 'admin', password: 'clave-medicion-segura-123' };
const admin = siteAdmin;

/** `sampleArticles: false` leaves the news empty, for a script that writes its own. */
export async function startSite(options: { sampleArticles?: boolean } = {}): Promise<Site> {
  if (!process.env.SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build falló');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitio-medicion-'));
  const database = await freshDatabase();
  const httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const baseURL = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: baseURL,
      FEED_SCHEDULER: 'off',
      PUBLIC_WRITE_LIMIT: '0',
    },
    { databaseUrl: database.databaseUrl },
  );
  const { app, close } = await createApp(config, { httpServer, db: database.db, log: () => {} });
  httpServer.on('request', app.callback());

  const login = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const article of options.sampleArticles === false ? [] : sampleArticles) {
    const response = await fetch(`${baseURL}/api/news`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: baseURL },
      body: JSON.stringify(article),
    });
    if (response.status !== 201) throw new Error(`POST /api/news: ${response.status} ${await response.text()}`);
  }

  return {
    baseURL,
    articleSlug: options.sampleArticles === false ? '' : sampleArticles[0].slug,
    async stop() {
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
      await close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
