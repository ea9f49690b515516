// The draft sync's decisions: what it sends, when it tries again, what an answer does to the draft.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newAdvanceFormDefaults } from '../../domain';
import {
  draftContents,
  judgeAnswer,
  photosToUpload,
  refusalMessage,
  refusalReason,
  refusedPhoto,
  retryDelayMs,
  sentSummary,
  submissionBody,
} from '../../pwa/offline/sync-rules';
import type { DraftPhotos } from '../../pwa/offline/draft-types';

const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const photos: DraftPhotos = {
  emergencyExitsPhoto: { blob, name: 'salidas.jpg', objectPath: '/objects/uploads/0b6f6c4e-5d0e-4a6b-9d3c-1f2e3a4b5c6d' },
  safeZonePhoto: { blob, name: 'zona.jpg', objectPath: null },
};

test('photos without a link are the ones to upload', () => {
  assert.equal(photosToUpload({ photos }), ['safeZonePhoto']);
  assert.equal(photosToUpload({ photos: {} }), []);
});

test('a refused upload names its photo: the first one still without its link; a refused form names none', () => {
  const refusedUpload = 'No se pudo subir una foto: El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o HEIC)';
  assert.is(refusedPhoto({ error: refusedUpload, photos }), 'safeZonePhoto');
  assert.is(refusedPhoto({ error: 'No se pudo subir una foto', photos }), 'safeZonePhoto');
  assert.is(refusedPhoto({ error: 'Datos inválidos: Ingrese el nombre del anfitrión', photos }), null);
  assert.is(refusedPhoto({ error: null, photos }), null);
  assert.is(refusalReason(refusedUpload), 'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o HEIC)');
  assert.is(refusalReason('Datos inválidos'), 'Datos inválidos');
});

test('the body carries each kept photo by its upload link, over a stale link in the values', () => {
  const values = { ...newAdvanceFormDefaults(), hostName: 'Ana', emergencyExitsPhoto: '/objects/uploads/old', safeZonePhoto: null };
  const body = submissionBody({ values, photos }) as Record<string, unknown>;
  assert.is(body.emergencyExitsPhoto, photos.emergencyExitsPhoto!.objectPath);
  assert.is(body.safeZonePhoto, null);
  assert.is(body.hostName, 'Ana');
  assert.is(body.website, '', 'the honeypot always goes empty');
});

test('a photo given only as a link (no blob kept) is sent as it is', () => {
  const values = { ...newAdvanceFormDefaults(), evacuationPlanPhoto: '/objects/uploads/abc' };
  assert.is((submissionBody({ values, photos: {} }) as Record<string, unknown>).evacuationPlanPhoto, '/objects/uploads/abc');
});

test('retries back off exponentially up to five minutes, with jitter', () => {
  const middle = () => 0.5;
  assert.is(retryDelayMs(0, middle), 2_000);
  assert.is(retryDelayMs(1, middle), 4_000);
  assert.is(retryDelayMs(3, middle), 16_000);
  assert.is(retryDelayMs(20, middle), 300_000);
  assert.is(
    retryDelayMs(0, () => 0),
    1_600,
  );
  assert.is(
    retryDelayMs(0, () => 1),
    2_400,
  );
});

test('a created or replayed form is sent', () => {
  assert.equal(judgeAnswer(201, null, { photos }), { kind: 'sent' });
});

test('an expired session makes the draft wait for a new sign-in', () => {
  assert.equal(judgeAnswer(401, { message: 'Inicie sesión' }, { photos }), { kind: 'signIn' });
});

test('server errors and rate limits are tried again later', () => {
  for (const status of [500, 502, 503, 429, 408]) assert.equal(judgeAnswer(status, null, { photos }).kind, 'retry');
});

test('a photo the server lost is uploaded again from the kept blob', () => {
  const body = { message: 'Revise los campos marcados', errors: { safeZonePhoto: 'La foto no se encontró en el servidor; súbala de nuevo' } };
  assert.equal(judgeAnswer(400, body, { photos }), { kind: 'reupload', fields: ['safeZonePhoto'] });
});

test('a lost photo with no blob kept, or beside other field errors, is a refusal', () => {
  const lost = { message: 'Revise los campos marcados', errors: { evacuationPlanPhoto: 'La foto no se encontró en el servidor; súbala de nuevo' } };
  assert.is(judgeAnswer(400, lost, { photos }).kind, 'refused');
  const mixed = { message: 'Revise los campos marcados', errors: { safeZonePhoto: 'perdida', hostName: 'El nombre del anfitrión es requerido' } };
  assert.is(judgeAnswer(400, mixed, { photos }).kind, 'refused');
});

test('a validation error or a reused key refuses the draft with the server message', () => {
  const verdict = judgeAnswer(400, { message: 'Revise los campos marcados', errors: { hostName: 'El nombre del anfitrión es requerido' } }, { photos });
  assert.equal(verdict, { kind: 'refused', message: 'Revise los campos marcados: El nombre del anfitrión es requerido' });
  assert.equal(judgeAnswer(409, { message: 'La clave ya se usó con otro formulario' }, { photos }), {
    kind: 'refused',
    message: 'La clave ya se usó con otro formulario',
  });
  assert.is(refusalMessage(418, null), 'Error 418');
});

test('a sent draft keeps a summary: no photo bytes, their count and size, and their links in the answers', () => {
  const values = { ...newAdvanceFormDefaults(), hostName: 'Ana', emergencyExitsPhoto: null, safeZonePhoto: null };
  const sent = sentSummary({ values, photos });
  assert.is(sent.state, 'sent');
  assert.equal(sent.photos, {});
  assert.equal(sent.sentPhotos, { count: 2, bytes: 2 * blob.size });
  assert.is(sent.values.emergencyExitsPhoto, photos.emergencyExitsPhoto!.objectPath);
  assert.is(sent.values.safeZonePhoto, null, 'a photo never uploaded has no link to keep');
  assert.is(sent.values.hostName, 'Ana');
});

test('what deleting a draft loses: the answers given and the photos kept', () => {
  assert.equal(draftContents({ values: newAdvanceFormDefaults(), photos: {} }), { answers: 0, photos: 0 });
  const answered = { hostName: 'Ana', hostPosition: 'Gerente', hasSafeZone: true, estimatedAttendees: 12 };
  const values = { ...newAdvanceFormDefaults(), ...answered, emergencyExitsPhoto: '/objects/uploads/x' };
  assert.equal(draftContents({ values, photos }), { answers: 4, photos: 2 });
});

test.run();
