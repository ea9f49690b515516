// A server of one test's own (port 0, fresh database): for a test that changes a site-wide setting
// (the forced second factor), which would hold up every other test signed in on the shared server, or
// that stops the server and starts it again on the same address (autosave while the server is down).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { freshDatabase } from '../../tests/helpers/database';
import { e2eAdmin, e2eSite } from '../credentials';

export type PrivateServer = {
  baseURL: string;
  /** Stops answering: the port is closed and open connections dropped (a browser's calls are refused). */
  stopListening(): Promise<void>;
  /** Answers again on the same port, with the same database and sessions. */
  listenAgain(): Promise<void>;
  close(): Promise<void>;
};

export async function startPrivateServer(): Promise<PrivateServer> {
  const database = await freshDatabase();
  const httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const config = loadConfig(
    {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'e2e-private-')),
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      SITE_NAME: e2eSite.siteName,
      CONTACT_PHONE: e2eSite.phone,
      CONTACT_EMAIL: e2eSite.email,
    },
    { databaseUrl: database.databaseUrl },
  );
  const { app, close } = await createApp(config, { httpServer, db: database.db, log: () => {} });
  httpServer.on('request', app.callback());
  const stopListening = async () => {
    if (!httpServer.listening) return;
    const closed = new Promise((resolve) => httpServer.close(resolve));
    httpServer.closeAllConnections?.();
    await closed;
  };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stopListening,
    async listenAgain() {
      if (!httpServer.listening) await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      await stopListening();
      await close();
      await database.drop();
    },
  };
}
