// Two people saving the same article: each save names the version it was based on, and a save based on
// a version someone else has since replaced is refused (409) with nothing written. A client that names no
// version is answered as before (its save is taken as it comes).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { create } from '../helpers/news-writing';

let app: TestApp;
let admin: Client;
let collaborator: Client;

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  collaborator = await app.userWithRole('colaborador', 'redactora');
});
test.after(async () => {
  await app.close();
});

test('every answer about an article carries its version, and each save moves it on', async () => {
  const created = await create(admin, { status: 'draft', title: 'Versión uno' });
  assert.is(created.version, 1);
  assert.is((await admin.get(`/api/news/${created.id}/current`)).body.version, 1);
  const saved = await admin.patch(`/api/news/${created.id}`, { title: 'Versión dos', expectedVersion: 1 });
  assert.is(saved.status, 200, saved.text);
  assert.is(saved.body.version, 2);
  assert.is((await admin.get(`/api/news/${created.id}/current`)).body.version, 2);
  const listed = await admin.get('/api/news?status=all&limit=100');
  assert.is(listed.body.find((item: { id: string }) => item.id === created.id).version, 2);
  // Published by the same save: two events, and the answer says where the stream stands.
  const published = await admin.patch(`/api/news/${created.id}`, { title: 'Versión tres', status: 'published', expectedVersion: 2 });
  assert.is(published.status, 200, published.text);
  assert.is(published.body.version, 4);
  assert.is((await app.services.store.readStream(created.id)).length, 4);
});

test('two saves based on the same version: the second is refused with a Spanish message, and nothing of it is written', async () => {
  const opened = await create(admin, { status: 'draft', title: 'Abierta por dos personas', content: '<p>Texto inicial</p>' });
  const first = await admin.patch(`/api/news/${opened.id}`, {
    title: 'Cambio de la primera persona',
    content: '<p>Primera</p>',
    expectedVersion: opened.version,
  });
  assert.is(first.status, 200, first.text);
  const second = await collaborator.patch(`/api/news/${opened.id}`, {
    title: 'Cambio de la segunda persona',
    content: '<p>Segunda</p>',
    expectedVersion: opened.version,
  });
  assert.is(second.status, 409, second.text);
  assert.match(second.body.message, /otra persona guardó esta noticia/i);
  const current = await admin.get(`/api/news/${opened.id}/current`);
  assert.equal(
    { title: current.body.title, content: current.body.content, version: current.body.version },
    { title: 'Cambio de la primera persona', content: '<p>Primera</p>', version: 2 },
  );
  assert.is((await app.services.store.readStream(opened.id)).length, 2, 'the refused save appended nothing');
  // Based on the version it now has, the same save goes through.
  const again = await collaborator.patch(`/api/news/${opened.id}`, { title: 'Cambio de la segunda persona', expectedVersion: 2 });
  assert.is(again.status, 200, again.text);
  assert.is(again.body.version, 3);
});

test('the same two saves sent at the same moment: exactly one is taken', async () => {
  const opened = await create(admin, { status: 'draft', title: 'Guardada a la vez' });
  const answers = await Promise.all(
    [admin, collaborator].map((client, i) => client.patch(`/api/news/${opened.id}`, { title: `Al mismo tiempo ${i}`, expectedVersion: opened.version })),
  );
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 409]);
  assert.is((await app.services.store.readStream(opened.id)).length, 2);
});

test('a version that is not a whole positive number is refused on its field; a save without one is taken as before', async () => {
  const opened = await create(admin, { status: 'draft', title: 'Sin versión' });
  const wrong = await admin.patch(`/api/news/${opened.id}`, { title: 'x', expectedVersion: 'dos' });
  assert.is(wrong.status, 400, wrong.text);
  assert.ok(wrong.body.errors.expectedVersion);
  await admin.patch(`/api/news/${opened.id}`, { title: 'Cambiada por otra persona' });
  const unversioned = await collaborator.patch(`/api/news/${opened.id}`, { title: 'Guardada sin versión' });
  assert.is(unversioned.status, 200, unversioned.text);
  assert.is(unversioned.body.title, 'Guardada sin versión');
});

test.run();
