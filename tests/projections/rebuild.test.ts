// The rebuild: replaying the whole log into emptied read tables gives exactly the live tables, row by row.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allProjectors, readTables, rebuildProjections } from '../../projections';
import { snapshot } from '../helpers/snapshot';
import { adminCredentials, startTestApp, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});
test.after(() => app.close());

test('after a mix of commands, the rebuilt read tables equal the live ones row by row', async () => {
  const admin = await app.admin();
  const visitor = app.client();
  const ok = (answer: { status: number; text: string }, status: number) => assert.is(answer.status, status, answer.text);
  const article = (slug: string, extra: Record<string, unknown> = {}) => ({
    title: `Artículo ${slug}`,
    slug,
    excerpt: 'Cámaras y micrófonos',
    content: '<p>Texto</p>',
    category: 'Tecnología',
    author: 'A',
    ...extra,
  });

  // News: created, edited twice, one published after review, one deleted.
  const a = (await admin.post('/api/news', article('uno'))).body;
  ok(await admin.patch(`/api/news/${a.id}`, { title: 'Uno editado', publishedAt: '2026-02-01T10:00:00Z' }), 200);
  ok(await admin.patch(`/api/news/${a.id}`, { content: '<p>Nuevo</p>', image: 'https://example.com/i.png' }), 200);
  const pending = (await admin.post('/api/news', article('pendiente', { reviewRequired: true }))).body;
  ok(await admin.patch(`/api/news/${pending.id}`, { reviewRequired: false }), 200);
  await admin.post('/api/news', article('en-cola', { reviewRequired: true }));
  const doomed = (await admin.post('/api/news', article('borrada'))).body;
  ok(await admin.delete(`/api/news/${doomed.id}`), 204);
  // Services: one created and edited, one seeded deleted.
  const service = (await admin.post('/api/services', { title: 'S', description: 'D', category: 'C', features: 'a, b' })).body;
  ok(await admin.patch(`/api/services/${service.id}`, { features: ['c'], order: '9' }), 200);
  ok(await admin.delete(`/api/services/${(await visitor.get('/api/services')).body[0].id}`), 204);
  // Feed sources: toggled and deleted.
  const source = (
    await admin.post('/api/rss/sources', { name: 'F', url: 'https://example.com/feed', defaultCategory: 'Noticias', includeKeywords: 'espía, cámara' })
  ).body;
  ok(await admin.patch(`/api/rss/sources/${source.id}`, { enabled: false, scheduleIntervalHours: 2 }), 200);
  const other = (await admin.post('/api/rss/sources', { name: 'G', url: 'https://example.com/g', defaultCategory: 'Noticias' })).body;
  ok(await admin.delete(`/api/rss/sources/${other.id}`), 204);
  // Contact: read, resolved, erased.
  const m1 = (await visitor.post('/api/contact', { name: 'A', email: 'a@example.com', message: 'uno' })).body;
  const m2 = (await visitor.post('/api/contact', { name: 'B', email: 'b@example.com', phone: '8888', message: 'dos' })).body;
  const m3 = (await visitor.post('/api/contact', { name: 'C', email: 'c@example.com', message: 'tres' })).body;
  await admin.patch(`/api/contact/${m1.id}/status`, { status: 'read' });
  await admin.patch(`/api/contact/${m2.id}/status`, { status: 'resolved' });
  await admin.patch(`/api/contact/${m3.id}/status`, { status: 'read' });
  ok(await admin.post(`/api/contact/${m1.id}/notes`, { text: 'Primera nota' }), 201);
  ok(await admin.post(`/api/contact/${m1.id}/notes`, { text: 'Segunda nota' }), 201);
  ok(await admin.delete(`/api/contact/${m3.id}`), 204);
  // Advance forms: admin, public with a key, one erased.
  const form = advanceForm({ hasFirstAidKit: true, firstAidKitLevel: 'Básico' });
  ok(await admin.post('/api/advance-forms', form), 201);
  ok(await visitor.post('/api/advance-forms/public', { ...form, hostName: 'Público' }, { 'Idempotency-Key': randomUUID() }), 201);
  const erasedForm = (await admin.post('/api/advance-forms', { ...form, hostName: 'Borrado' })).body;
  ok(await admin.delete(`/api/advance-forms/${erasedForm.id}`), 204);
  // Users: created, promoted, password changed, disabled, signed in.
  const user = (await admin.post('/api/users', { username: 'uno', password: 'clave-segura-123' })).body;
  await app.client().login('uno', 'clave-segura-123');
  ok(await admin.patch(`/api/users/${user.id}`, { role: 'admin', password: 'otra-clave-123' }), 200);
  ok(await admin.patch(`/api/users/${user.id}`, { disabled: true }), 200);
  // Staff security: an authenticator app with a recovery code spent, a notice address, the forced
  // second factor turned on and off, sign-ins (with and without a code) and sessions ended.
  const two = (await admin.post('/api/users', { username: 'dos', password: 'clave-segura-123' })).body;
  const dos = await app.client().login('dos', 'clave-segura-123');
  const { secret } = (await dos.post('/api/auth/totp', { password: 'clave-segura-123' })).body;
  const { recoveryCodes } = (await dos.post('/api/auth/totp/confirm', { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() })).body;
  ok(await app.client().post('/api/auth/login', { username: 'dos', password: 'clave-segura-123', code: recoveryCodes[0] }), 200);
  ok(await dos.put('/api/account/notice-email', { noticeEmail: 'dos@example.com', password: dos.password }), 200);
  const adminApp = (await admin.post('/api/auth/totp', { password: adminCredentials.password })).body;
  ok(await admin.post('/api/auth/totp/confirm', { code: new TOTP({ secret: Secret.fromBase32(adminApp.secret) }).generate() }), 200);
  ok(await admin.put('/api/settings/security', { requireSecondFactor: true }), 200);
  ok(await admin.put('/api/settings/security', { requireSecondFactor: false }), 200);
  ok(await admin.delete(`/api/users/${two.id}/sessions`), 200);

  const db = app.services.db;
  const live = await snapshot(db);
  assert.ok(live.news_articles.length === 3 && live.contact_messages.length === 2 && live.advance_forms.length === 2 && live.users.length === 3);
  assert.is(live.security_settings.length, 1);
  assert.is(live.services.length, 8);
  const { events } = await rebuildProjections(db, allProjectors);
  const total = Number((await db.query('SELECT count(*)::int AS n FROM events'))[0].n);
  assert.is(events, total);
  const rebuilt = await snapshot(db);
  for (const table of readTables) assert.equal(rebuilt[table], live[table], table);

  // The app keeps working on the rebuilt tables.
  const list = await visitor.get('/api/news?search=camaras');
  assert.equal(list.body.map((n: any) => n.slug).sort(), ['pendiente', 'uno']);
});

test('a rebuild of empty read tables from a log replays it into the same state twice', async () => {
  const db = app.services.db;
  const first = await snapshot(db);
  await rebuildProjections(db, allProjectors);
  await rebuildProjections(db, allProjectors);
  assert.equal(await snapshot(db), first);
});

test.run();
