// Restart: the embedded database (PGlite in DATA_DIR) keeps everything across a close and a reopen.
// Always PGlite: this is the test of the on-disk directory, whatever TEST_DATABASE_URL says.
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type App } from '../../api/app';
import { loadConfig } from '../../api/config';
import { Client } from '../helpers/app';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const dataDir = await embeddedDataDir('restart-');
const env = {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'clave-de-reinicio-1',
  SESSION_SECRET: 'secreto-fijo-de-prueba',
  PUBLIC_WRITE_LIMIT: '0',
  FEED_SCHEDULER: 'off',
};

async function start(port = 0): Promise<{ app: App; server: Server; base: string }> {
  const config = loadConfig(env as NodeJS.ProcessEnv, { databaseUrl: null });
  const server = createServer();
  const app = await createApp(config, { web: false, httpServer: server, log: () => {} });
  server.on('request', app.app.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop({ app, server }: { app: App; server: Server }) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
}

test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test('data written before a restart is all there after it, the seed is not repeated, and sessions survive', async () => {
  const first = await start();
  assert.is(first.app.services.db.kind, 'pglite');
  const admin = await new Client(first.base).login('admin', 'clave-de-reinicio-1');
  const article = await admin.post('/api/news', {
    title: 'Persistente',
    slug: 'persistente',
    excerpt: 'E',
    content: '<p>Cámaras</p>',
    category: 'Noticias',
    author: 'A',
  });
  assert.is(article.status, 201);
  const message = await new Client(first.base).post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Sigue aquí' });
  await admin.patch(`/api/contact/${message.body.id}/status`, { status: 'read' });
  await admin.post('/api/users', { username: 'editora', password: 'clave-editora-1', role: 'colaborador' });
  const before = Number((await first.app.services.db.query('SELECT count(*)::int AS n FROM events'))[0].n);
  await stop(first);

  // The same port, so the admin's cookie jar is still addressed to it.
  const second = await start(Number(new URL(first.base).port));
  try {
    // Nothing was written by the restart: no second seed, no lost event.
    assert.is(Number((await second.app.services.db.query('SELECT count(*)::int AS n FROM events'))[0].n), before);
    const visitor = new Client(second.base);
    const read = await visitor.get('/api/news/persistente');
    assert.is(read.status, 200);
    assert.is(read.body.id, article.body.id);
    assert.equal(
      (await visitor.get('/api/news?search=camaras')).body.map((a: any) => a.slug),
      ['persistente'],
    );
    assert.is((await visitor.get('/api/services')).body.length, 8);
    // The session lives in the database, signed with the same secret: the admin is still signed in.
    const list = await admin.get('/api/contact/messages');
    assert.is(list.status, 200, list.text);
    assert.equal(
      list.body.map((m: any) => [m.id, m.status]),
      [[message.body.id, 'read']],
    );
    assert.equal(
      (await admin.get('/api/users')).body.map((u: any) => u.username),
      ['admin', 'editora'],
    );
    assert.is((await new Client(second.base).post('/api/auth/login', { username: 'editora', password: 'clave-editora-1' })).status, 200);
  } finally {
    await stop(second);
  }
});

test.run();
