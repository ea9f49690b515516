// Walks every method and path the API's routers hold, as a visitor, as a user whose set-up is unfinished
// (signed in with a password an admin set) and as a collaborator, each path spelled as the router holds
// it and in six other spellings. Another spelling of a route is never another way in: it answers 404,
// whatever the spelled-right path answers.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiRouters } from '../../api/routes';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
const identities: { name: string; client: () => Promise<Client> }[] = [];

type Route = { method: string; path: string };

test.before(async () => {
  app = await startTestApp();
  const admin = await app.admin();
  // Created by an admin with a password the admin chose, then given a new one by the admin: they must
  // choose their own before anything else, and are an admin all the same.
  await admin.post('/api/users', { username: 'a-medias', password: 'clave-inicial-larga-1', role: 'admin' });
  const halfway = (await admin.get('/api/users')).body.find((user: { username: string }) => user.username === 'a-medias');
  assert.is((await admin.patch(`/api/users/${halfway.id}`, { password: 'clave-puesta-por-otro-2' })).status, 200);
  await admin.post('/api/users', { username: 'colaboradora', password: 'clave-de-colaboradora-3', role: 'colaborador' });
  identities.push(
    { name: 'visitante', client: async () => app.client() },
    {
      name: 'configuración pendiente',
      client: async () => {
        const client = app.client();
        const login = await client.post('/api/auth/login', { username: 'a-medias', password: 'clave-puesta-por-otro-2' });
        assert.is(login.body.setupRequired, 'password');
        return client;
      },
    },
    { name: 'colaboradora', client: () => app.client().login('colaboradora', 'clave-de-colaboradora-3') },
  );
});
test.after(async () => {
  await app.close();
});

/** Every route of every router, with each parameter filled in (an id nothing holds). */
function routeTable(): Route[] {
  const routes = new Map<string, Route>();
  for (const make of apiRouters) {
    for (const layer of make(app.services).stack) {
      if (typeof layer.path !== 'string') continue;
      const path = layer.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const method of layer.methods) if (method !== 'HEAD') routes.set(`${method} ${layer.path}`, { method, path });
    }
  }
  // Signing out last: it ends the session the other calls use.
  return [...routes.values()].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
}

/** The same route spelled six other ways: upper case, mixed case, a trailing slash, escapes. */
function otherSpellings(path: string): string[] {
  const segments = path.split('/');
  const escapeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`;
  return [
    path.toUpperCase(),
    segments.map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1)).join('/'),
    [...segments.slice(0, 2), segments[2].toUpperCase(), ...segments.slice(3)].join('/'),
    `${path}/`,
    `${segments.slice(0, -1).join('/')}%2F${segments.at(-1)}`,
    [...segments.slice(0, 2), escapeFirstLetter(segments[2]), ...segments.slice(3)].join('/'),
  ];
}

const body = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

test('no route answers to another spelling of its path, for a visitor, a half-signed-in admin or a collaborator', async () => {
  const routes = routeTable();
  assert.ok(routes.length > 50, `only ${routes.length} routes found`);
  const wrong: string[] = [];
  let requests = 0;
  for (const identity of identities) {
    const client = await identity.client();
    for (const route of routes) {
      const spelledRight = await client.request(route.method, route.path, body(route.method));
      requests += 1;
      if (spelledRight.status >= 500) wrong.push(`${identity.name}: ${route.method} ${route.path} → ${spelledRight.status}`);
      for (const spelling of otherSpellings(route.path)) {
        const answer = await client.request(route.method, spelling, body(route.method));
        requests += 1;
        const refusedRight = spelledRight.status >= 400;
        if (answer.status !== 404 || answer.body?.message !== 'Ruta no encontrada') {
          wrong.push(
            `${identity.name}: ${route.method} ${spelling} → ${answer.status}` +
              (refusedRight && answer.status < 400 ? ` (the right spelling is refused with ${spelledRight.status})` : ''),
          );
        }
      }
    }
  }
  console.log(`route table: ${routes.length} routes × ${identities.length} identities × 7 spellings = ${requests} requests`);
  assert.equal(wrong, [], `answered other than 404:\n${wrong.join('\n')}`);
});

test('a user whose set-up is unfinished reaches only their own account and the sending of drafts, and public routes treat them as a visitor', async () => {
  const halfway = await identities[1].client();
  assert.is((await halfway.get('/api/auth/me')).body.setupRequired, 'password');
  assert.is((await halfway.get('/api/account')).status, 200);
  assert.is((await halfway.get('/api/auth/sessions')).status, 200);
  const users = await halfway.get('/api/users');
  assert.is(users.status, 403);
  assert.is(users.body.message, 'Debe cambiar su contraseña antes de continuar. Hágalo en Seguridad de la cuenta.');
  assert.is((await halfway.post('/api/users', { username: 'intruso', password: 'clave-del-intruso-9', role: 'admin' })).status, 403);
  assert.is((await halfway.get('/api/history')).status, 403);
  // Staff would see drafts and the review queue here; a half-signed-in admin sees what a visitor sees.
  const news = await halfway.get('/api/news?status=all');
  assert.is(news.status, 200);
  assert.is(news.headers.get('cache-control'), 'no-cache');
  assert.is((await halfway.get('/objects/uploads/' + randomUUID())).status, 403);
});

test.run();
