// /api/services over HTTP: the seeded eight, create, update, delete, validation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
let visitor: Client;

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
});
test.after(() => app.close());

test('visitors see the eight seeded services in order, each with four features', async () => {
  const answer = await visitor.get('/api/services');
  assert.is(answer.status, 200);
  assert.is(answer.body.length, 8);
  assert.equal(
    answer.body.map((s: any) => s.order),
    ['1', '2', '3', '4', '5', '6', '7', '8'],
  );
  assert.is(answer.body[0].title, 'Barridos Electrónicos en Oficinas');
  for (const s of answer.body) {
    assert.is(s.features.length, 4, s.title);
    assert.ok(s.description.length > 0);
    assert.match(s.id, /^[0-9a-f-]{36}$/);
  }
});

test('a created service answers 201 with defaults: icon Shield, order 1, features split from text', async () => {
  const answer = await admin.post('/api/services', {
    title: 'Auditoría',
    description: 'Revisión completa',
    category: 'Consultoría',
    features: ' uno, dos ,, tres ',
  });
  assert.is(answer.status, 201);
  assert.equal(
    { ...answer.body, id: undefined },
    {
      id: undefined,
      title: 'Auditoría',
      description: 'Revisión completa',
      icon: 'Shield',
      category: 'Consultoría',
      features: ['uno', 'dos', 'tres'],
      order: '1',
    },
  );
  const list = await visitor.get('/api/services');
  assert.is(list.body.length, 9);
  // order '1' sorts with the first seeded service, before '2'.
  assert.equal(
    list.body.slice(0, 2).map((s: any) => s.order),
    ['1', '1'],
  );
});

test('a service is updated partially and deleted', async () => {
  const { body: created } = await admin.post('/api/services', {
    title: 'Temporal',
    description: 'D',
    category: 'C',
    features: ['a'],
    order: '20',
    icon: 'Lock',
  });
  const updated = await admin.patch(`/api/services/${created.id}`, { title: 'Renombrado', features: 'x, y' });
  assert.is(updated.status, 200);
  assert.equal(
    { ...updated.body, id: undefined },
    { id: undefined, title: 'Renombrado', description: 'D', icon: 'Lock', category: 'C', features: ['x', 'y'], order: '20' },
  );
  const list = await visitor.get('/api/services');
  assert.equal(list.body[list.body.length - 1], updated.body);
  assert.is((await admin.delete(`/api/services/${created.id}`)).status, 204);
  assert.not.ok((await visitor.get('/api/services')).body.some((s: any) => s.id === created.id));
  const again = await admin.delete(`/api/services/${created.id}`);
  assert.is(again.status, 404);
  assert.equal(again.body, { message: 'Servicio no encontrado' });
});

test('features sent as a list are kept as they are, commas included; too long or too many are refused on the field, in Spanish', async () => {
  const base = { title: 'Análisis', description: 'D', category: 'C' };
  const created = await admin.post('/api/services', { ...base, features: ['Análisis 24/7, con informe', ' Informe escrito '] });
  assert.is(created.status, 201);
  assert.equal(created.body.features, ['Análisis 24/7, con informe', 'Informe escrito']);
  const updated = await admin.patch(`/api/services/${created.body.id}`, { features: created.body.features });
  assert.equal(updated.body.features, ['Análisis 24/7, con informe', 'Informe escrito']);
  assert.equal((await visitor.get('/api/services')).body.find((s: any) => s.id === created.body.id).features, [
    'Análisis 24/7, con informe',
    'Informe escrito',
  ]);

  const tooLong = await admin.patch(`/api/services/${created.body.id}`, { features: ['x'.repeat(301)] });
  assert.is(tooLong.status, 400);
  assert.equal(tooLong.body.errors, { features: 'Cada característica admite como máximo 300 caracteres' });
  const tooMany = await admin.patch(`/api/services/${created.body.id}`, { features: Array.from({ length: 31 }, (_, i) => `C${i}`) });
  assert.equal(tooMany.body.errors, { features: 'Como máximo 30 características' });
  await admin.delete(`/api/services/${created.body.id}`);
});

test('an invalid service is a 400 with Spanish messages per field', async () => {
  const answer = await admin.post('/api/services', { features: 5 });
  assert.is(answer.status, 400);
  assert.equal(answer.body, {
    message: 'Revise los campos marcados',
    errors: {
      title: 'El título es requerido',
      description: 'La descripción es requerida',
      category: 'La categoría es requerida',
      features: 'Las características deben ser una lista',
    },
  });
  const { body: first } = await visitor.get('/api/services');
  const patch = await admin.patch(`/api/services/${first[0].id}`, { title: '' });
  assert.is(patch.status, 400);
  assert.equal(patch.body.errors, { title: 'El título es requerido' });
});

test.run();
