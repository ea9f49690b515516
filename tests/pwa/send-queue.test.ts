// The queue's sending against a mocked server (msw's setupServer in Node) and IndexedDB in memory
// (fake-indexeddb): lost answers, refused and hanging connections, slow uploads, the one-record
// guarantee (the draft's uuid as Idempotency-Key) and a photo never uploaded twice; a server that is
// down (5xx, 429) never costs a photo or a visitor's form, a spent upload link is replaced by a fresh
// one; then the whole queue, sender and clock together, healing after three refused tries on a fake clock.
import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { newAdvanceFormDefaults, type AdvanceFormValues } from '../../domain';
import { getDraft, listDrafts, putDraft, deleteDraft, type Draft } from '../../pwa/offline/drafts';
import { sendDraftNow, sendPendingDrafts, syncDraft, type SendObserver } from '../../pwa/offline/send';
import type { SyncOutcome } from '../../pwa/offline/retry-policy';
import { photoRefused, uploadDraftPhoto } from '../../pwa/offline/photo-upload';
import { ApiError } from '../../pwa/lib/api';
import { QueueRunner } from '../../pwa/offline/queue-runner';
import { FakeClock, settle } from './fake-clock';

const origin = 'http://app.test';

type Mode = 'answer' | 'refuse' | 'lose-answer' | 'hang' | 'error-503' | 'error-502' | 'busy-429' | 'invalid';
/** The bytes' PUT: besides the modes above, a link already spent once, or bytes that are no image. */
type PutMode = Mode | 'used-once' | 'not-image';
type Server = {
  records: Map<string, Record<string, unknown>>;
  formPosts: number;
  uploadUrls: number;
  puts: number;
  form: Mode;
  put: PutMode;
  putDelayMs: number;
  staff: { id: string } | null;
};
const server: Server = { records: new Map(), formPosts: 0, uploadUrls: 0, puts: 0, form: 'answer', put: 'answer', putDelayMs: 0, staff: null };

function reset() {
  Object.assign(server, { records: new Map(), formPosts: 0, uploadUrls: 0, puts: 0, form: 'answer', put: 'answer', putDelayMs: 0, staff: null });
}

/** The create: one record per Idempotency-Key, the same answer for a replay (docs/rules.md, 'Idempotency-Key'). */
async function create(request: Request) {
  server.formPosts++;
  if (server.form === 'refuse') return HttpResponse.error();
  if (server.form === 'hang') await delay('infinite');
  if (server.form === 'error-503') return HttpResponse.json({ message: 'Servicio en mantenimiento' }, { status: 503 });
  if (server.form === 'error-502') return proxyDown();
  if (server.form === 'busy-429') return HttpResponse.json({ message: 'Demasiadas solicitudes' }, { status: 429 });
  if (server.form === 'invalid') return HttpResponse.json({ message: 'Datos inválidos', errors: { hostName: 'Requerido' } }, { status: 400 });
  const key = request.headers.get('Idempotency-Key')!;
  const body = (await request.json()) as Record<string, unknown>;
  if (!server.records.has(key)) server.records.set(key, { ...body, id: key, createdAt: new Date().toISOString() });
  // The record is made, but the answer never reaches the tablet.
  if (server.form === 'lose-answer') return HttpResponse.error();
  return HttpResponse.json(server.records.get(key), { status: 201 });
}

/** A proxy in front of a stopped app: its own HTML page, no JSON. */
const proxyDown = () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });

const wrappingSecret = Buffer.alloc(32, 7).toString('base64url');
const signIns = new Map<string, string>();
const signInOf = (userId: string) => signIns.get(userId) ?? signIns.set(userId, crypto.randomUUID()).get(userId)!;

const mock = setupServer(
  http.post(`${origin}/api/advance-forms/public`, ({ request }) => create(request)),
  http.post(`${origin}/api/advance-forms`, ({ request }) =>
    server.staff ? create(request) : HttpResponse.json({ message: 'No autenticado' }, { status: 401 }),
  ),
  http.get(`${origin}/api/auth/me`, () => (server.staff ? HttpResponse.json(server.staff) : HttpResponse.json({ message: 'No autenticado' }, { status: 401 }))),
  // The draft key's wrapping secret: one sign-in per staff member here (the real rules: tests/api/draft-keys.test.ts).
  http.get(`${origin}/api/auth/draft-key`, () =>
    HttpResponse.json({
      endedRemotely: [],
      current: server.staff ? { userId: server.staff.id, signInId: signInOf(server.staff.id), secret: wrappingSecret } : null,
      previous: {},
    }),
  ),
  http.post(`${origin}/api/objects/upload`, () => {
    const id = crypto.randomUUID();
    server.uploadUrls++;
    return HttpResponse.json({ uploadURL: `/api/objects/uploads/${id}?token=t`, objectPath: `/objects/uploads/${id}` });
  }),
  http.put(`${origin}/api/objects/uploads/:id`, async ({ request }) => {
    server.puts++;
    if (server.put === 'refuse') return HttpResponse.error();
    if (server.put === 'hang') await delay('infinite');
    if (server.put === 'error-502') return proxyDown();
    if (server.put === 'busy-429') return HttpResponse.json({ message: 'Demasiadas solicitudes' }, { status: 429 });
    if (server.put === 'not-image') return HttpResponse.json({ message: 'El archivo no es una imagen' }, { status: 415 });
    if (server.put === 'used-once') {
      // The browser resent a PUT whose answer was lost: the server already took this link's bytes.
      server.put = 'answer';
      return HttpResponse.json({ message: 'El enlace de subida ya fue usado' }, { status: 409 });
    }
    if (server.putDelayMs) await delay(server.putDelayMs);
    await request.arrayBuffer();
    return new HttpResponse(null, { status: 200 });
  }),
);
mock.listen({ onUnhandledRequest: 'error' });
// The app's calls use paths ('/api/...'), as in a page: resolved against the mocked origin.
const mswFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  mswFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init);
// A hanging request leaves only unref'd timers (AbortSignal.timeout): this keeps Node waiting for them.
const keepAlive = setInterval(() => undefined, 1_000);

const short = { formTimeoutMs: 150, photoTimeoutMs: () => 150 };

function values(hostName: string): AdvanceFormValues {
  return { ...newAdvanceFormDefaults(), hostName, hostPosition: 'Gerente', emergencyContact: 'Laura, 8888-0000' };
}

const jpegBytes = (size: number) => new Blob([new Uint8Array(size).fill(0xd8)], { type: 'image/jpeg' });

async function queued(hostName: string, options: { variant?: 'public' | 'admin'; ownerId?: string | null; photoBytes?: number } = {}): Promise<Draft> {
  const draft: Draft = {
    id: crypto.randomUUID(),
    variant: options.variant ?? 'public',
    ownerId: options.ownerId ?? null,
    values: values(hostName),
    photos: options.photoBytes ? { emergencyExitsPhoto: { blob: jpegBytes(options.photoBytes), name: 'salidas.jpg', objectPath: null, key: 'foto-1' } } : {},
    state: 'pending',
    error: null,
    updatedAt: new Date().toISOString(),
    formId: null,
  };
  return putDraft(draft);
}

async function clearDrafts() {
  for (const draft of await listDrafts()) await deleteDraft(draft.id);
}

test.before.each(async () => {
  reset();
  await clearDrafts();
});

test('a refused connection leaves the form queued; once the server answers it is sent, and leaves the phone', async () => {
  const draft = await queued('Red que rechaza');
  server.form = 'refuse';
  assert.equal(await sendPendingDrafts(short), ['waiting']);
  assert.is((await getDraft(draft.id))?.state, 'pending');
  assert.is(server.records.size, 0);
  server.form = 'answer';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is(server.records.size, 1);
  assert.is(await getDraft(draft.id), undefined);
});

test('a lost answer: the server made the record, the retry gets the same record back, still one record', async () => {
  const draft = await queued('Respuesta perdida');
  server.form = 'lose-answer';
  assert.equal(await sendPendingDrafts(short), ['waiting']);
  assert.is(server.records.size, 1, 'the first send did reach the server');
  assert.is((await getDraft(draft.id))?.state, 'pending', 'the tablet cannot know it');
  server.form = 'answer';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is(server.formPosts, 2);
  assert.is(server.records.size, 1);
  assert.is(server.records.get(draft.id)?.hostName, 'Respuesta perdida');
});

test('a request that hangs times out and counts as no answer; the form waits', async () => {
  const draft = await queued('Red colgada');
  server.form = 'hang';
  const started = Date.now();
  assert.equal(await sendPendingDrafts(short), ['waiting']);
  const took = Date.now() - started;
  assert.ok(took >= 140 && took < 2_000, `gave up after its limit (${took} ms)`);
  assert.is((await getDraft(draft.id))?.state, 'pending');
});

test('a server error answer (503) is retried later, not refused', async () => {
  const draft = await queued('Mantenimiento');
  server.form = 'error-503';
  const reached: boolean[] = [];
  assert.equal(await sendPendingDrafts({ ...short, observer: { serverAnswer: (r) => reached.push(r) } }), ['waiting']);
  assert.is((await getDraft(draft.id))?.state, 'pending');
  assert.equal(reached, [false], 'a 5xx is the server not working, not the server answering');
});

test("a visitor's own 'Guardar' that meets a server down (502, 503, 429) queues the form like staff's; the queue sends it once", async () => {
  for (const mode of ['error-502', 'error-503', 'busy-429'] as const) {
    reset();
    const draft = await queued(`Servidor caído ${mode}`, { photoBytes: 2_000 });
    server.form = mode;
    const reached: boolean[] = [];
    assert.is(await sendDraftNow(draft.id, { ...short, observer: { serverAnswer: (r) => reached.push(r) } }), 'waiting', mode);
    assert.is((await getDraft(draft.id))?.state, 'pending', `${mode}: still queued, not back to a draft`);
    assert.is(reached.at(-1), mode === 'busy-429', `${mode}: whether the server counts as there`);
    server.form = 'answer';
    assert.equal(await sendPendingDrafts(short), ['sent']);
    assert.is(server.records.size, 1);
    assert.match(String(server.records.get(draft.id)?.emergencyExitsPhoto), /^\/objects\/uploads\//);
    assert.is(server.uploadUrls, 1, 'its photo went once');
    assert.is(await getDraft(draft.id), undefined);
  }
});

test("a visitor's own 'Guardar' that the server refuses (400) still answers at once: the form is back to a draft", async () => {
  const draft = await queued('Rechazo inmediato');
  server.form = 'invalid';
  const error = await sendDraftNow(draft.id, short).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof ApiError && error.status === 400);
  assert.is((await getDraft(draft.id))?.state, 'draft');
});

test("a visitor's own 'Guardar' whose photo meets a server down keeps the photo and queues the form", async () => {
  const draft = await queued('Foto con servidor caído', { photoBytes: 3_000 });
  server.put = 'error-502';
  assert.is(await sendDraftNow(draft.id, short), 'waiting');
  const kept = await getDraft(draft.id);
  assert.is(kept?.state, 'pending');
  assert.is(kept?.photos.emergencyExitsPhoto?.objectPath, null, 'the photo waits in the draft');
  assert.is(server.formPosts, 0, 'no form without its photo');
  server.put = 'answer';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.match(String(server.records.get(draft.id)?.emergencyExitsPhoto), /^\/objects\/uploads\//);
});

test('a photo upload met by 502 or 429 waits in the queue; only a refusal of the photo itself (415) refuses the form', async () => {
  for (const mode of ['error-502', 'busy-429'] as const) {
    reset();
    const draft = await queued(`Subida ${mode}`, { photoBytes: 2_000 });
    server.put = mode;
    assert.equal(await sendPendingDrafts(short), ['waiting'], mode);
    assert.is((await getDraft(draft.id))?.photos.emergencyExitsPhoto?.blob.size, 2_000);
    await deleteDraft(draft.id);
  }
  const bad = await queued('No es imagen', { photoBytes: 2_000 });
  server.put = 'not-image';
  assert.equal(await sendPendingDrafts(short), ['refused']);
  assert.match(String((await getDraft(bad.id))?.error), /El archivo no es una imagen/);
});

test('an upload link already used (the browser resent a PUT whose answer was lost) gets a fresh link: the form goes once, with its photo', async () => {
  const draft = await queued('Enlace usado', { photoBytes: 2_500 });
  server.put = 'used-once';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is(server.uploadUrls, 2, 'a fresh link for the second try');
  assert.is(server.records.size, 1);
  assert.is(server.formPosts, 1);
  assert.match(String(server.records.get(draft.id)?.emergencyExitsPhoto), /^\/objects\/uploads\//);
  assert.is(await getDraft(draft.id), undefined);
  // The same from the form's own 'Guardar'.
  reset();
  const own = await queued('Enlace usado, Guardar', { photoBytes: 2_500 });
  server.put = 'used-once';
  assert.is(await sendDraftNow(own.id, short), 'sent');
  assert.is(server.records.size, 1);
  assert.match(String(server.records.get(own.id)?.emergencyExitsPhoto), /^\/objects\/uploads\//);
});

test('which upload failures cost the photo: only the server refusing the photo itself', () => {
  const answer = (status: number) => new ApiError(status, `${status}: x`, null);
  for (const status of [400, 413, 415, 422]) assert.ok(photoRefused(answer(status)), String(status));
  for (const status of [401, 403, 404, 408, 409, 410, 429, 500, 502, 503, 504]) assert.not.ok(photoRefused(answer(status)), String(status));
  assert.not.ok(photoRefused(new TypeError('Failed to fetch')));
  assert.not.ok(photoRefused(new DOMException('late', 'TimeoutError')));
});

test('a photo upload that hangs times out; the photo stays in the draft and is uploaded once the network answers', async () => {
  const draft = await queued('Foto colgada', { photoBytes: 4_000 });
  server.put = 'hang';
  const reached: boolean[] = [];
  assert.equal(await sendPendingDrafts({ ...short, observer: { serverAnswer: (r) => reached.push(r) } }), ['waiting']);
  assert.equal(reached, [false]);
  const kept = await getDraft(draft.id);
  assert.is(kept?.photos.emergencyExitsPhoto?.objectPath, null);
  assert.is(server.formPosts, 0, 'no form without its photo');
  server.put = 'answer';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  const record = server.records.get(draft.id)!;
  assert.match(String(record.emergencyExitsPhoto), /^\/objects\/uploads\//);
});

test('a slow upload within its limit goes, and tells its progress: the whole batch first, then the bytes', async () => {
  await queued('Subida lenta', { photoBytes: 60_000 });
  server.putDelayMs = 200;
  const events: string[] = [];
  const observer: SendObserver = {
    sending: (d) => events.push(d ? `sending ${d.values.hostName}` : 'idle'),
    uploadProgress: (_id, field, loaded, total) => events.push(`${field} ${loaded}/${total}`),
    uploadDone: (_id, field) => events.push(`${field} done`),
  };
  assert.equal(await sendPendingDrafts({ observer, formTimeoutMs: 2_000, photoTimeoutMs: () => 2_000 }), ['sent']);
  assert.equal(events.slice(0, 3), ['sending Subida lenta', 'emergencyExitsPhoto 0/60000', 'emergencyExitsPhoto 0/60000']);
  assert.ok(events.includes('emergencyExitsPhoto 60000/60000'));
  assert.ok(events.includes('emergencyExitsPhoto done'));
  assert.is(events.at(-1), 'idle');
});

test('a slow upload past its limit fails the try, and the photo waits', async () => {
  const draft = await queued('Subida demasiado lenta', { photoBytes: 10_000 });
  server.putDelayMs = 400;
  assert.equal(await sendPendingDrafts(short), ['waiting']);
  assert.is((await getDraft(draft.id))?.photos.emergencyExitsPhoto?.objectPath, null);
});

test('a photo already uploaded is never uploaded again, even when the form itself gets no answer', async () => {
  const draft = await queued('Foto una vez', { photoBytes: 2_000 });
  server.form = 'refuse';
  assert.equal(await sendPendingDrafts(short), ['waiting']);
  assert.is(server.uploadUrls, 1);
  const link = (await getDraft(draft.id))?.photos.emergencyExitsPhoto?.objectPath;
  assert.match(String(link), /^\/objects\/uploads\//);
  server.form = 'answer';
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is(server.uploadUrls, 1);
  assert.is(server.records.get(draft.id)?.emergencyExitsPhoto, link);
});

test("a draft's photo uploaded by its form (the screen already gone) is reused by the queue, not uploaded twice", async () => {
  const draft = await queued('Pantalla cerrada', { photoBytes: 3_000 });
  const photo = draft.photos.emergencyExitsPhoto!;
  const link = await uploadDraftPhoto(draft.id, 'emergencyExitsPhoto', photo, 'public');
  assert.is((await getDraft(draft.id))?.photos.emergencyExitsPhoto?.objectPath, link, 'written into the draft at once');
  assert.is(await uploadDraftPhoto(draft.id, 'emergencyExitsPhoto', photo, 'public'), link, 'the same photo again: its link');
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is(server.uploadUrls, 1);
  assert.is(server.records.get(draft.id)?.emergencyExitsPhoto, link);
  // Another photo in the same slot is another upload.
  const other = await queued('Foto cambiada', { photoBytes: 3_000 });
  await uploadDraftPhoto(other.id, 'emergencyExitsPhoto', { ...other.photos.emergencyExitsPhoto!, key: 'otra' }, 'public');
  assert.is(server.uploadUrls, 2);
  assert.is((await getDraft(other.id))?.photos.emergencyExitsPhoto?.objectPath, null, 'not written over a different photo');
});

test("staff forms wait for their author's session: 401 is 'signIn', another author's form is skipped", async () => {
  const mine = await queued('Del personal', { variant: 'admin', ownerId: 'u-1' });
  assert.equal(await sendPendingDrafts(short), ['signIn']);
  server.staff = { id: 'u-2' };
  assert.equal(await syncDraft(mine.id, undefined, short), 'skipped');
  server.staff = { id: 'u-1' };
  assert.equal(await sendPendingDrafts(short), ['sent']);
  assert.is((await getDraft(mine.id))?.state, 'sent', 'staff keep a read-only summary');
  assert.is((await getDraft(mine.id))?.formId, mine.id);
});

test('the count of a run is what the server confirmed: one sent, one refused', async () => {
  await queued('Se envía');
  const bad = await queued('Rechazado');
  mock.use(
    http.post(`${origin}/api/advance-forms/public`, async ({ request }) =>
      request.headers.get('Idempotency-Key') === bad.id
        ? HttpResponse.json({ message: 'Datos inválidos', errors: { hostName: 'Requerido' } }, { status: 400 })
        : create(request),
    ),
  );
  const outcomes = await sendPendingDrafts(short);
  mock.resetHandlers();
  assert.equal([...outcomes].sort(), ['refused', 'sent']);
  assert.is((await getDraft(bad.id))?.state, 'error');
  assert.is(server.records.size, 1);
});

test('the queue on a fake clock: refused three times, healed with nothing touched, sent at the fourth try, once', async () => {
  const draft = await queued('Cola completa', { photoBytes: 5_000 });
  server.form = 'refuse';
  const clock = new FakeClock();
  const outcomes: SyncOutcome[][] = [];
  const runner = new QueueRunner({ clock, random: () => 0.5, send: () => sendPendingDrafts(short), onRun: (_v, o) => outcomes.push(o) });
  await runner.run();
  await clock.advance(2_000);
  await clock.advance(4_000);
  assert.equal(outcomes, [['waiting'], ['waiting'], ['waiting']]);
  assert.is(runner.current.nextTryAt, 14_000);
  server.form = 'answer';
  await clock.advance(7_999);
  assert.is(server.records.size, 0, 'not before its time');
  await clock.advance(1);
  await settle();
  assert.equal(outcomes.at(-1), ['sent']);
  assert.is(server.records.size, 1);
  assert.is(server.formPosts, 4);
  assert.is(server.uploadUrls, 1, 'the photo went once');
  assert.is(await getDraft(draft.id), undefined);
  assert.equal(clock.pending, [], 'the queue is empty: no more tries');
});

test.after(() => {
  clearInterval(keepAlive);
  mock.close();
});

test.run();
