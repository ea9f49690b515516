// GET /api/advance-forms/{id}/pdf: the download staff get, read back as text with pdftotext.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { advanceFormSections } from '../../domain';
import { advanceForm } from '../helpers/forms';
import { startTestApp } from '../helpers/app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'advance-form-pdf-api-'));
const app = await startTestApp({ dataDir, siteName: 'Contraespionaje CR' });
const visitor = app.client();
const staff = await app.admin();

async function uploadedPhoto(color: string): Promise<string> {
  const { body } = await visitor.post('/api/objects/upload');
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const stored = await visitor.request('PUT', body.uploadURL, jpeg, { 'content-type': 'image/jpeg' });
  assert.is(stored.status, 200, stored.text);
  return body.objectPath;
}

const form = advanceForm({
  hostName: 'José Ángel Núñez',
  hostPosition: 'Director de Comunicación',
  eventDate: '2026-03-05',
  eventTime: '19:30',
  address: 'Hotel en Escazú, San José',
  eventNature: 'Reunión de negocios',
  estimatedAttendees: 45,
  vipStayDuration: '3 horas',
  hasSecureParking: true,
  parkingDetails: 'Parqueo subterráneo con vigilancia',
  mainVehicleRoute: 'Ruta 27 hasta la salida de Escazú',
  internalTransitRoutes: 'Pasillo del lobby al salón principal',
  emergencyExits: 'Dos salidas al jardín',
  hasFirstAidKit: true,
  firstAidKitLevel: 'Intermedio',
  hasSecurityGuards: true,
  securityCompanyName: 'Seguridad Atlántica',
  numberOfGuards: 4,
  guardsArmed: 'Algunos',
  emergencyContact: 'María Jiménez, 8888-0000',
});

test('staff download the PDF with every section, accented answers and the photos', async () => {
  const created = await visitor.post('/api/advance-forms/public', {
    ...form,
    emergencyExitsPhoto: await uploadedPhoto('#224488'),
    hasEvacuationPlan: true,
    evacuationPlanPhoto: await uploadedPhoto('#884422'),
  });
  assert.is(created.status, 201, created.text);
  const id = created.body.id;

  const cookie = [...(staff as any).cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join('; ');
  const answer = await fetch(`${app.base}/api/advance-forms/${id}/pdf`, { headers: { cookie } });
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('content-type'), 'application/pdf');
  const disposition = answer.headers.get('content-disposition') ?? '';
  assert.ok(disposition.startsWith('attachment;'), disposition);
  assert.ok(disposition.includes(`filename="Avanzada-Jose-Angel-Nunez-${id}.pdf"`), disposition);
  assert.ok(disposition.includes(`filename*=UTF-8''${encodeURIComponent(`Avanzada-José-Ángel-Núñez-${id}.pdf`)}`), disposition);
  const pdf = Buffer.from(await answer.arrayBuffer());
  assert.is(pdf.subarray(0, 5).toString(), '%PDF-');

  const file = path.join(dataDir, 'form.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const section of advanceFormSections) assert.ok(text.includes(section.title), `section ${section.title}`);
  for (const expected of [
    'José Ángel Núñez',
    'Director de Comunicación',
    'Reunión de negocios',
    'Parqueo subterráneo con vigilancia',
    'Dos salidas al jardín',
    'Sí [Intermedio]',
    'María Jiménez',
    'Contraespionaje CR',
    '5 de marzo, 2026',
  ]) {
    assert.ok(text.includes(expected), `answer ${expected}`);
  }
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  assert.is(images.length, 2, 'both photos embedded');
});

test('arrows and other symbols a client typed print as themselves, beside the Spanish accents', async () => {
  const created = await visitor.post('/api/advance-forms/public', {
    ...form,
    mainVehicleRoute: 'Ruta 27 → salida a Escazú ⇒ hotel; ≥ 2 carriles, ≤ 5 km ✓',
    additionalObservations: '¿Acceso por el túnel? ¡Sí! Señalización ✗ pendiente',
    language: 'en',
  });
  assert.is(created.status, 201, created.text);
  const cookie = [...(staff as any).cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join('; ');
  const answer = await fetch(`${app.base}/api/advance-forms/${created.body.id}/pdf`, { headers: { cookie } });
  assert.is(answer.status, 200);
  const file = path.join(dataDir, 'symbols.pdf');
  writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  assert.ok(text.includes('Ruta 27 → salida a Escazú ⇒ hotel; ≥ 2 carriles, ≤ 5 km ✓'), text);
  assert.ok(text.includes('¿Acceso por el túnel? ¡Sí! Señalización ✗ pendiente'), text);
  assert.not.ok(text.includes('->'));
  // The English page's form keeps the Spanish document.
  assert.ok(text.includes('1. Datos Generales del Evento/Reunión'));
  assert.match(execFileSync('pdffonts', [file], { encoding: 'utf8' }), /DejaVuSans\s+CID TrueType\s+Identity-H\s+yes/);
});

test('the PDF needs a session', async () => {
  const created = await staff.post('/api/advance-forms', form);
  assert.is(created.status, 201, created.text);
  const answer = await visitor.get(`/api/advance-forms/${created.body.id}/pdf`);
  assert.is(answer.status, 401);
  assert.is(answer.body.message, 'Debe iniciar sesión');
});

test('the PDF of a form that does not exist is a 404', async () => {
  const answer = await staff.get('/api/advance-forms/00000000-0000-4000-8000-000000000000/pdf');
  assert.is(answer.status, 404);
  assert.is(answer.body.message, 'Formulario no encontrado');
});

test.after(() => app.close());
test.run();
