// Venue photos over HTTP: the signed, expiring, single-use upload URL, the checks on the bytes, the
// metadata stripped, the photo served to staff only, and the advance form refusing unknown photos.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { advanceForm } from '../helpers/forms';
import { signedUploadPath } from '../../api/storage/signature';
import { startTestApp, type Client } from '../helpers/app';
import { projectRoot } from '../../events/project-root';

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-test-'));
const app = await startTestApp({ dataDir });
const visitor = app.client();
const staff = await app.admin();

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Cámara de prueba' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 56/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 5/1 0/1' },
    })
    .toBuffer();
}

/** The GPS IFD pointer of little-endian EXIF (the byte order sharp writes): tag 0x8825, type LONG. */
const hasGpsIfd = (bytes: Buffer | undefined) => Boolean(bytes?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])));

async function newUploadUrl(client: Client = visitor): Promise<{ uploadURL: string; objectPath: string }> {
  const answer = await client.post('/api/objects/upload');
  assert.is(answer.status, 200, answer.text);
  return answer.body;
}

const put = (url: string, bytes: Uint8Array, type = 'image/jpeg') => visitor.request('PUT', url, bytes, { 'content-type': type });
const uploadIdOf = (objectPath: string) => objectPath.split('/').pop()!;

const validForm = (photo: string | null) => advanceForm({ emergencyExitsPhoto: photo });

test('a visitor gets an upload URL and the link the form will store', async () => {
  const { uploadURL, objectPath } = await newUploadUrl();
  assert.match(uploadURL, /^\/api\/objects\/uploads\/[0-9a-f-]{36}\?exp=\d+&sig=/);
  assert.match(objectPath, /^\/objects\/uploads\/[0-9a-f-]{36}$/);
  assert.ok(uploadURL.includes(uploadIdOf(objectPath)));
});

test('a filled honeypot gets no upload URL, with the same answer as the other public writes', async () => {
  const answer = await visitor.post('/api/objects/upload', { website: 'http://spam.example' });
  assert.is(answer.status, 400);
  assert.equal(answer.body, { message: 'No se pudo procesar el mensaje' });
  assert.is((await visitor.post('/api/objects/upload', { website: '' })).status, 200);
});

test('an uploaded photo is served to staff only, never cached', async () => {
  const { uploadURL, objectPath } = await newUploadUrl();
  const stored = await put(uploadURL, await jpegWithGps());
  assert.is(stored.status, 200, stored.text);
  const anonymous = await visitor.get(objectPath);
  assert.is(anonymous.status, 401);
  const served = await fetch(app.base + objectPath, { headers: { cookie: await cookieOf(staff) } });
  assert.is(served.status, 200);
  assert.is(served.headers.get('content-type'), 'image/jpeg');
  assert.is(served.headers.get('cache-control'), 'private, no-store');
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  assert.is(meta.width, 64);
});

test('the stored photo keeps no EXIF, so no GPS position', async () => {
  const original = await jpegWithGps();
  assert.ok(hasGpsIfd((await sharp(original).metadata()).exif), 'the fixture carries a GPS position');
  const { uploadURL, objectPath } = await newUploadUrl();
  assert.is((await put(uploadURL, original)).status, 200);
  const served = Buffer.from(await (await fetch(app.base + objectPath, { headers: { cookie: await cookieOf(staff) } })).arrayBuffer());
  const meta = await sharp(served).metadata();
  assert.is(meta.exif, undefined);
  assert.not.ok(hasGpsIfd(served), 'no GPS IFD anywhere in the file');
  assert.not.ok(served.includes(Buffer.from('Exif\0\0')), 'no APP1 Exif segment');
});

test('a sideways phone photo is stored upright', async () => {
  const sideways = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#aa3333' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const { uploadURL, objectPath } = await newUploadUrl();
  assert.is((await put(uploadURL, sideways)).status, 200);
  const served = Buffer.from(await (await fetch(app.base + objectPath, { headers: { cookie: await cookieOf(staff) } })).arrayBuffer());
  const meta = await sharp(served).metadata();
  assert.equal([meta.width, meta.height, meta.orientation], [40, 80, undefined]);
});

/** A phone's HEIC (scripts/make-heic-fixture.ts): HEVC, stored sideways with 'irot', EXIF orientation, camera and GPS. */
const sidewaysHeic = readFileSync(path.join(projectRoot, 'tests/fixtures/photos/sideways.heic'));

async function servedPhoto(objectPath: string): Promise<{ bytes: Buffer; type: string | null }> {
  const served = await fetch(app.base + objectPath, { headers: { cookie: await cookieOf(staff) } });
  assert.is(served.status, 200);
  return { bytes: Buffer.from(await served.arrayBuffer()), type: served.headers.get('content-type') };
}

/** The colour at (x, y) of an image, as [r, g, b]. */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

/** Whether each channel is within 40 of the expected colour (JPEG moves colours a little). */
const near = (found: number[], expected: number[]) => found.every((value, i) => Math.abs(value - expected[i]) <= 40);

test("a phone's HEIC photo is stored as an upright JPEG without EXIF or GPS, and its PDF copy too", async () => {
  assert.ok(hasGpsIfd(sidewaysHeic), 'the fixture carries a GPS position');
  const { uploadURL, objectPath } = await newUploadUrl();
  const stored = await put(uploadURL, sidewaysHeic, 'image/heic');
  assert.is(stored.status, 200, stored.text);
  const { bytes, type } = await servedPhoto(objectPath);
  assert.is(type, 'image/jpeg');
  const meta = await sharp(bytes).metadata();
  assert.equal([meta.format, meta.width, meta.height, meta.orientation, meta.exif], ['jpeg', 160, 120, undefined, undefined]);
  assert.not.ok(hasGpsIfd(bytes), 'no GPS IFD anywhere in the file');
  assert.not.ok(bytes.includes(Buffer.from('Exif')), 'no EXIF at all');
  // Upright: a green square at the top left, red at the top right, blue below (turned once, not twice).
  const colours = [await colourAt(bytes, 30, 30), await colourAt(bytes, 130, 20), await colourAt(bytes, 80, 100)];
  assert.ok(near(colours[0], [34, 170, 51]) && near(colours[1], [204, 34, 34]) && near(colours[2], [34, 51, 204]), JSON.stringify(colours));
  const pdf = await app.services.photos.uploads.pdfPhoto(objectPath);
  assert.equal([pdf?.format, pdf?.width, pdf?.height], ['JPEG', 160, 120]);
});

test('a damaged HEIC is refused with 422, saying it could not be read rather than that HEIC is not taken', async () => {
  const { uploadURL } = await newUploadUrl();
  const answer = await put(uploadURL, sidewaysHeic.subarray(0, 700), 'image/heic');
  assert.is(answer.status, 422, answer.text);
  assert.is(answer.body.message, 'No se pudo leer la imagen HEIC: el archivo está dañado o incompleto. Envíela de nuevo o en JPEG.');
});

test('a HEIC whose header says over 100 megapixels is refused for its size, before its pixels are decoded', async () => {
  // The same file, its 'ispe' box (the size the header declares) rewritten to 12,000 x 12,000.
  const huge = Buffer.from(sidewaysHeic);
  const ispe = huge.indexOf('ispe');
  huge.writeUInt32BE(12_000, ispe + 8);
  huge.writeUInt32BE(12_000, ispe + 12);
  const { uploadURL } = await newUploadUrl();
  const answer = await put(uploadURL, huge, 'image/heic');
  assert.is(answer.status, 400, answer.text);
  assert.is(answer.body.message, 'La imagen es demasiado grande (12\u00a0000 × 12\u00a0000 píxeles): como máximo 100 megapíxeles');
});

test('bytes that are not an image are refused with 415, whatever their name or type says', async () => {
  const { uploadURL } = await newUploadUrl();
  const answer = await put(uploadURL, new TextEncoder().encode('<?php echo "hola"; ?>'), 'image/jpeg');
  assert.is(answer.status, 415);
  assert.match(answer.body.message, /no es una imagen/);
  // The refused file did not use up the URL: a real photo may follow.
  assert.is((await put(uploadURL, await jpegWithGps())).status, 200);
});

test('a file over 10,485,760 bytes is refused with 413', async () => {
  const { uploadURL } = await newUploadUrl();
  const big = new Uint8Array(10_485_761);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  const answer = await put(uploadURL, big);
  assert.is(answer.status, 413);
  assert.match(answer.body.message, /10 MB/);
});

test('a body that grows past the limit without a Content-Length is cut off with 413', async () => {
  const { uploadURL } = await newUploadUrl();
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (sent >= 12) return controller.close();
      sent++;
      controller.enqueue(chunk);
    },
  });
  const answer = await fetch(app.base + uploadURL, { method: 'PUT', body, duplex: 'half', headers: { 'content-type': 'image/jpeg' } } as RequestInit);
  assert.is(answer.status, 413);
});

test('a used upload URL cannot be used again', async () => {
  const { uploadURL } = await newUploadUrl();
  assert.is((await put(uploadURL, await jpegWithGps())).status, 200);
  const again = await put(uploadURL, await jpegWithGps());
  assert.is(again.status, 409);
  assert.match(again.body.message, /ya fue usado/);
});

test('a forged signature is refused', async () => {
  const { uploadURL } = await newUploadUrl();
  const forged = uploadURL.replace(/sig=[^&]+/, 'sig=' + 'A'.repeat(43));
  assert.is((await put(forged, await jpegWithGps())).status, 403);
  const stretched = uploadURL.replace(/exp=\d+/, `exp=${Date.now() + 86_400_000}`);
  assert.is((await put(stretched, await jpegWithGps())).status, 403);
});

test('an expired upload URL is refused', async () => {
  const { objectPath } = await newUploadUrl();
  const expired = signedUploadPath(app.config.sessionSecret, uploadIdOf(objectPath), Date.now() - 1000);
  const answer = await put(expired, await jpegWithGps());
  assert.is(answer.status, 403);
  assert.match(answer.body.message, /expiró/);
});

test('a form cannot refer to a photo that was never uploaded', async () => {
  const { objectPath } = await newUploadUrl(); // a URL handed out, but nothing PUT to it
  for (const link of [objectPath, '/objects/uploads/00000000-0000-4000-8000-000000000000', 'https://example.com/foto.jpg']) {
    const answer = await visitor.post('/api/advance-forms/public', validForm(link));
    assert.is(answer.status, 400, link);
    assert.match(answer.body.errors.emergencyExitsPhoto, /súbala de nuevo/);
  }
});

test('a form keeps its photo; erasing the form deletes the photo', async () => {
  const { uploadURL, objectPath } = await newUploadUrl();
  assert.is((await put(uploadURL, await jpegWithGps())).status, 200);
  const created = await visitor.post('/api/advance-forms/public', validForm(objectPath));
  assert.is(created.status, 201, created.text);
  assert.is(created.body.emergencyExitsPhoto, objectPath);
  assert.is((await staff.get(objectPath)).status, 200);
  assert.is((await staff.delete(`/api/advance-forms/${created.body.id}`)).status, 204);
  assert.is((await staff.get(objectPath)).status, 404);
});

test('the sweep removes old uploads no form refers to and keeps the referenced ones', async () => {
  const orphan = await newUploadUrl();
  assert.is((await put(orphan.uploadURL, await jpegWithGps())).status, 200);
  const kept = await newUploadUrl();
  assert.is((await put(kept.uploadURL, await jpegWithGps())).status, 200);
  assert.is((await visitor.post('/api/advance-forms/public', validForm(kept.objectPath))).status, 201);
  const { uploads } = app.services.photos;
  const inAnHour = Date.now() + 60 * 60 * 1000;
  await uploads.sweep(() => app.services.read.advanceForms.photoLinks(), 30 * 60 * 1000, inAnHour);
  assert.is((await staff.get(orphan.objectPath)).status, 404);
  assert.is((await staff.get(kept.objectPath)).status, 200);
});

test('the upload URL call is rate-limited like every public write', async () => {
  const limited = await startTestApp({ dataDir, publicWriteLimit: 2 });
  try {
    const client = limited.client();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.post('/api/objects/upload')).status);
    assert.equal(statuses, [200, 200, 429]);
  } finally {
    await limited.close();
  }
});

test('staff uploads are counted per session, apart from the per-client limit of visitors', async () => {
  const limited = await startTestApp({ dataDir, publicWriteLimit: 2 });
  try {
    const tablet = await limited.admin();
    const otherTablet = await limited.admin(); // a second session behind the same address
    const visitorStatuses = [];
    for (let i = 0; i < 3; i++) visitorStatuses.push((await limited.client().post('/api/objects/upload')).status);
    assert.equal(visitorStatuses, [200, 200, 429]);
    // A backlog of 20 forms with 4 photos each, from one session, while visitors are already limited.
    const staffStatuses = new Set<number>();
    for (let i = 0; i < 80; i++) staffStatuses.add((await tablet.post('/api/objects/upload')).status);
    assert.equal([...staffStatuses], [200]);
    assert.is((await otherTablet.post('/api/objects/upload')).status, 200);
    // Still a ceiling per session, with a Spanish reason.
    let answer = await tablet.post('/api/objects/upload');
    for (let i = 81; answer.status === 200 && i < 700; i++) answer = await tablet.post('/api/objects/upload');
    assert.is(answer.status, 429);
    assert.match(answer.body.message, /demasiadas fotos/);
    assert.is((await otherTablet.post('/api/objects/upload')).status, 200);
  } finally {
    await limited.close();
  }
});

async function cookieOf(client: Client): Promise<string> {
  return [...(client as any).cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join('; ');
}

test.after(() => app.close());
test.run();
