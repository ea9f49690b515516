// The server the end-to-end tests drive: built assets, a fresh database, known admin credentials.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../api/app';
import { loadConfig } from '../api/config';
import { freshDatabase } from '../tests/helpers/database';
import { startSmtp } from '../tests/helpers/smtp';
import { e2eAdmin } from './credentials';

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const database = await freshDatabase();
// A real SMTP server on an ephemeral port, so cards show their notice as staff would see it.
const smtp = await startSmtp();
const config = loadConfig(
  {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PUBLIC_WRITE_LIMIT: '0',
    FEED_ALLOW_PRIVATE_HOSTS: '1',
    FEED_SCHEDULER: 'off',
    SITE_NAME: 'Contraespionaje CR',
    CONTACT_PHONE: '+50688887777',
    CONTACT_EMAIL: 'contacto@contraespionaje.test',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'equipo@contraespionaje.test',
  },
  { databaseUrl: database.databaseUrl },
);
const httpServer = createServer();
const { app, close } = await createApp(config, { httpServer, db: database.db, log: () => {} });
httpServer.on('request', app.callback());
httpServer.listen(port, '127.0.0.1', () => console.log(`e2e server on ${port}`));

async function stop() {
  httpServer.closeAllConnections?.();
  httpServer.close();
  await close();
  await smtp.close();
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
