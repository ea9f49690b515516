// Who may call what (docs/rules.md): 401 on every non-public route without a session, 403 for a
// colaborador on every DELETE and /api/users*, and a colaborador's GET, POST and PATCH allowed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';

let app: TestApp;
let admin: Client;
let colaborador: Client;
const someId = '00000000-0000-4000-8000-000000000000';

/** Every route that needs a session: all but the public ones docs/rules.md lists. */
const staffRoutes: [method: 'get' | 'post' | 'patch' | 'delete', path: string][] = [
  ['post', '/api/news'],
  ['patch', `/api/news/${someId}`],
  ['delete', `/api/news/${someId}`],
  ['post', '/api/services'],
  ['patch', `/api/services/${someId}`],
  ['delete', `/api/services/${someId}`],
  ['get', '/api/rss/sources'],
  ['post', '/api/rss/sources'],
  ['patch', `/api/rss/sources/${someId}`],
  ['delete', `/api/rss/sources/${someId}`],
  ['post', `/api/rss/sources/${someId}/fetch`],
  ['get', '/api/contact/messages'],
  ['patch', `/api/contact/${someId}/status`],
  ['delete', `/api/contact/${someId}`],
  ['get', '/api/advance-forms'],
  ['post', '/api/advance-forms'],
  ['get', `/api/advance-forms/${someId}`],
  ['get', `/api/advance-forms/${someId}/pdf`],
  ['delete', `/api/advance-forms/${someId}`],
  ['get', '/api/users'],
  ['post', '/api/users'],
  ['patch', `/api/users/${someId}`],
  ['get', '/api/history'],
  ['get', `/objects/uploads/${someId}`],
];

const call = (client: Client, method: string, path: string, body: unknown = {}) =>
  method === 'get' || method === 'delete' ? (client as any)[method](path) : (client as any)[method](path, body);

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  colaborador = await app.userWithRole('colaborador', 'colaboradora');
});
test.after(() => app.close());

test('every non-public route answers 401 without a session', async () => {
  const visitor = app.client();
  const failures: string[] = [];
  for (const [method, path] of staffRoutes) {
    const answer = await call(visitor, method, path);
    if (answer.status !== 401 || answer.body?.message !== 'Debe iniciar sesión')
      failures.push(`${method.toUpperCase()} ${path}: ${answer.status} ${answer.text}`);
  }
  assert.equal(failures, []);
});

test('the public routes answer without a session', async () => {
  const visitor = app.client();
  assert.is((await visitor.get('/api/news')).status, 200);
  assert.is((await visitor.get('/api/news/no-existe')).status, 404);
  assert.is((await visitor.get('/api/services')).status, 200);
  assert.is((await visitor.get('/api/auth/me')).status, 401);
  assert.is((await visitor.post('/api/contact', { name: 'A', email: 'a@b.co', message: 'M' })).status, 201);
  assert.is((await visitor.post('/api/advance-forms/public', {})).status, 400);
  assert.is((await visitor.post('/api/objects/upload')).status, 200);
  assert.is((await visitor.post('/api/auth/logout')).status, 204);
});

test('a colaborador gets 403 on every DELETE and every /api/users call', async () => {
  const denied = staffRoutes.filter(([method, path]) => method === 'delete' || path.startsWith('/api/users'));
  assert.is(denied.length, 8);
  const failures: string[] = [];
  for (const [method, path] of denied) {
    const answer = await call(colaborador, method, path);
    if (answer.status !== 403 || answer.body?.message !== 'Solo un administrador puede realizar esta acción')
      failures.push(`${method.toUpperCase()} ${path}: ${answer.status} ${answer.text}`);
  }
  assert.equal(failures, []);
});

test("a colaborador's DELETE of a real record is refused and the record stays", async () => {
  const { body: article } = await admin.post('/api/news', { title: 'T', slug: 'se-queda', excerpt: 'E', content: 'C', category: 'Noticias', author: 'A' });
  assert.is((await colaborador.delete(`/api/news/${article.id}`)).status, 403);
  assert.is((await app.client().get('/api/news/se-queda')).status, 200);
});

test('a colaborador may GET, POST and PATCH everything else', async () => {
  const ok = (answer: { status: number; text: string }, status: number) => assert.is(answer.status, status, answer.text);
  const news = await colaborador.post('/api/news', { title: 'T', slug: 'de-colaboradora', excerpt: 'E', content: 'C', category: 'Noticias', author: 'A' });
  ok(news, 201);
  ok(await colaborador.patch(`/api/news/${news.body.id}`, { title: 'T2' }), 200);
  ok(await colaborador.get('/api/news?status=all'), 200);
  const service = await colaborador.post('/api/services', { title: 'S', description: 'D', category: 'C' });
  ok(service, 201);
  ok(await colaborador.patch(`/api/services/${service.body.id}`, { title: 'S2' }), 200);
  const source = await colaborador.post('/api/rss/sources', { name: 'F', url: 'https://example.com/f.xml', defaultCategory: 'Noticias' });
  ok(source, 201);
  ok(await colaborador.patch(`/api/rss/sources/${source.body.id}`, { enabled: false }), 200);
  ok(await colaborador.get('/api/rss/sources'), 200);
  ok(await colaborador.post(`/api/rss/sources/${someId}/fetch`), 404);
  const message = await app.client().post('/api/contact', { name: 'A', email: 'a@b.co', message: 'M' });
  ok(await colaborador.get('/api/contact/messages'), 200);
  ok(await colaborador.patch(`/api/contact/${message.body.id}/status`, { status: 'read' }), 200);
  const form = await colaborador.post('/api/advance-forms', advanceForm());
  ok(form, 201);
  ok(await colaborador.get('/api/advance-forms'), 200);
  ok(await colaborador.get(`/api/advance-forms/${form.body.id}`), 200);
  const pdf = await colaborador.get(`/api/advance-forms/${form.body.id}/pdf`);
  ok(pdf, 200);
  assert.is(pdf.headers.get('content-type'), 'application/pdf');
  ok(await colaborador.get('/api/history'), 200);
  ok(await colaborador.get('/api/auth/me'), 200);
});

test('an admin may delete', async () => {
  const { body: article } = await admin.post('/api/news', { title: 'T', slug: 'para-admin', excerpt: 'E', content: 'C', category: 'Noticias', author: 'A' });
  assert.is((await admin.delete(`/api/news/${article.id}`)).status, 204);
});

test.run();
