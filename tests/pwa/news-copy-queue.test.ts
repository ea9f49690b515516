// The news editor's copies sent by themselves (pwa/features/admin/news/copy-queue.ts), on a fake clock
// against a mocked server that refuses connections for a while: no sign from the browser is needed, the
// waits grow (2 s, 4 s, 8 s …, at most 30 s) and start over once a try gets through; the open dialog's
// own copy goes through its autosave, never sent beside it; nothing is sent while 'Crear' saves.
import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpResponse } from 'msw';
import { draftValues, mockNewsApi } from '../helpers/news-api-mock';
import { createCopyQueue, type OpenDialog } from '../../pwa/features/admin/news/copy-queue';
import { localDrafts, newArticleKey, type LocalDraft } from '../../pwa/features/admin/news/local-drafts';
import { FakeClock, settle } from './fake-clock';

const server = {
  down: false,
  /** The status a proxy in front answers while the app is down (502), or none: connections refused. */
  downStatus: 0,
  received: [] as { method: string; id: string | null; content: string }[],
  refused: 0,
};

async function answer(method: string, id: string | null, request: Request) {
  if (server.down) {
    server.refused += 1;
    return server.downStatus ? new HttpResponse('Bad Gateway', { status: server.downStatus }) : HttpResponse.error();
  }
  const body = (await request.json()) as { content: string };
  server.received.push({ method, id, content: body.content });
  return HttpResponse.json({ id: id ?? 'creada-1', ...body }, { status: id ? 200 : 201 });
}

const mock = mockNewsApi(answer);

let savedAt = 1_000;
const copy = (key: string, content: string): LocalDraft => ({
  key,
  articleId: key === newArticleKey ? null : key,
  values: draftValues(content),
  savedAt: (savedAt += 1),
  pending: true,
  writer: 'apertura-1',
});

/** Lets the sends of a due timer end: msw and IndexedDB answer on later turns of the event loop. */
async function advance(clock: FakeClock, ms: number) {
  await clock.advance(ms);
  for (let i = 0; i < 5; i++) await settle();
}

test.before.each(async () => {
  Object.assign(server, { down: false, downStatus: 0, received: [], refused: 0 });
  for (const draft of await localDrafts.all()) await localDrafts.remove(draft.key);
});

test.after(() => mock.close());

test('a copy kept while the server was down is sent by itself once it answers, with growing waits, then the queue stops', async () => {
  const clock = new FakeClock();
  let sentRuns = 0;
  const queue = createCopyQueue({ clock, random: () => 0.5, onSent: () => sentRuns++ });
  server.down = true;
  await localDrafts.put(copy('a-1', '<p>Uno.</p><p>Dos, con el servidor caído.</p>'));
  // Autosave's own save got no answer: it wakes the queue, and nothing else happens (no `online` event).
  queue.wake();
  assert.equal(clock.pending, [2_000]);
  await advance(clock, 2_000);
  assert.is(server.refused, 1);
  assert.equal(clock.pending, [2_000]);
  await advance(clock, 2_000);
  assert.equal(clock.pending, [4_000], 'the wait doubles');
  await advance(clock, 4_000);
  assert.equal(clock.pending, [8_000]);
  await advance(clock, 8_000);
  await advance(clock, 16_000);
  assert.equal(clock.pending, [30_000], 'at most 30 s');
  assert.is(server.refused, 5);

  server.down = false;
  await advance(clock, 30_000);
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-1', content: '<p>Uno.</p><p>Dos, con el servidor caído.</p>' }]);
  assert.equal(await localDrafts.all(), [], 'sent, the copy is forgotten');
  assert.is(sentRuns, 1);
  assert.equal(clock.pending, [], 'nothing left: no timer');

  // Down again later: the waits start over from 2 s.
  server.down = true;
  await localDrafts.put(copy('a-1', '<p>Tres.</p>'));
  queue.wake();
  assert.equal(clock.pending, [2_000]);
  queue.stop();
});

test("the open dialog's own copy is sent by its autosave, not beside it; the others straight from the device", async () => {
  const clock = new FakeClock();
  const queue = createCopyQueue({ clock, random: () => 0.5 });
  await localDrafts.put(copy('a-1', '<p>Del diálogo abierto.</p>'));
  await localDrafts.put(copy('a-2', '<p>De un diálogo cerrado.</p>'));
  let ownWaits = true;
  const tracked: Promise<unknown>[] = [];
  const dialog: OpenDialog = {
    holding: () => false,
    async sendOwn() {
      // The dialog's autosave sends it from the form; the first try gets no answer.
      const waiting = ownWaits;
      ownWaits = false;
      if (!waiting) await localDrafts.remove('a-1');
      return { key: 'a-1', waiting };
    },
    track: (run) => void tracked.push(run),
  };
  queue.attach(dialog);
  await queue.run();
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-2', content: '<p>De un diálogo cerrado.</p>' }]);
  assert.is(tracked.length, 1, "a run is one of the dialog's saves ('Crear' waits for it)");
  assert.equal(clock.pending, [2_000], "the dialog's copy still waits: tried again");
  await advance(clock, 2_000);
  assert.is(server.received.length, 1, 'never sent beside the dialog');
  assert.equal(clock.pending, []);
  queue.attach(null);
});

test("while 'Crear' / 'Actualizar' saves, nothing is sent; right after it, the copies go", async () => {
  const clock = new FakeClock();
  const queue = createCopyQueue({ clock, random: () => 0.5 });
  await localDrafts.put(copy(newArticleKey, '<p>Otra noticia.</p>'));
  let holding = true;
  queue.attach({ holding: () => holding, sendOwn: async () => null, track: () => {} });
  await queue.retryNow();
  assert.equal(server.received, []);
  holding = false;
  queue.holdEnded();
  for (let i = 0; i < 5; i++) await settle();
  assert.equal(server.received, [{ method: 'POST', id: null, content: '<p>Otra noticia.</p>' }]);
  queue.stop();
  queue.attach(null);
});

test("a proxy's 502 while the app is down is no answer either: the copy stays to be sent, and goes once the app answers", async () => {
  const clock = new FakeClock();
  const queue = createCopyQueue({ clock, random: () => 0.5 });
  Object.assign(server, { down: true, downStatus: 502 });
  await localDrafts.put(copy('a-5', '<p>Detrás del proxy.</p>'));
  await queue.run();
  assert.is(server.refused, 1);
  assert.is((await localDrafts.get('a-5'))?.pending, true, 'not taken for a refusal of the text');
  assert.equal(clock.pending, [2_000]);
  server.down = false;
  await advance(clock, 2_000);
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-5', content: '<p>Detrás del proxy.</p>' }]);
  assert.equal(clock.pending, []);
});

test('signed out on this page, the copies are not sent (they would be refused and tried no more): they wait for the next sign-in', async () => {
  const clock = new FakeClock();
  let signedOut = true;
  const queue = createCopyQueue({ clock, random: () => 0.5, signedOut: () => signedOut });
  await localDrafts.put(copy('a-4', '<p>Antes de cerrar sesión.</p>'));
  queue.wake();
  await advance(clock, 2_000);
  assert.equal(server.received, []);
  assert.equal(clock.pending, [], 'no tries while nobody is signed in');
  assert.is((await localDrafts.get('a-4'))?.pending, true, 'still to be sent');
  signedOut = false;
  await queue.run();
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-4', content: '<p>Antes de cerrar sesión.</p>' }]);
});

test('a save of the open dialog that gets through sends the waiting copies at once, without waiting out the timer', async () => {
  const clock = new FakeClock();
  const queue = createCopyQueue({ clock, random: () => 0.5 });
  server.down = true;
  await localDrafts.put(copy('a-3', '<p>Esperando.</p>'));
  await queue.run();
  await advance(clock, 2_000);
  assert.equal(clock.pending, [4_000]);
  server.down = false;
  queue.serverAnswered();
  for (let i = 0; i < 5; i++) await settle();
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-3', content: '<p>Esperando.</p>' }]);
  assert.equal(clock.pending, []);
});

test.run();
