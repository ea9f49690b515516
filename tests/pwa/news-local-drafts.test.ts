// The news editor's copies kept on the device (fake-indexeddb) and sent by themselves when the connection
// returns, against a mocked server: a copy replaced while the last one was on its way (the dialog closed,
// saving its last words, just as the connection came back) is not forgotten with it, and a new article's
// copy never makes a second article.
import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { delay, HttpResponse } from 'msw';
import { draftValues, mockNewsApi } from '../helpers/news-api-mock';
import { forgetSavedCopy, localDrafts, newArticleKey, sendPendingDrafts, type LocalDraft } from '../../pwa/features/admin/news/local-drafts';

type Received = { method: string; id: string | null; content: string; status: string };
const server = { received: [] as Received[], versions: [] as (number | undefined)[], answerMs: 0, refuse: false, made: 0 };
/** Runs while the server holds the next answer (the editor's device goes on meanwhile). */
let duringAnswer: (() => Promise<void>) | null = null;

async function answer(method: string, id: string | null, request: Request) {
  const { expectedVersion, ...body } = (await request.json()) as { content: string; status: string; expectedVersion?: number };
  server.received.push({ method, id, content: body.content, status: body.status });
  server.versions.push(expectedVersion);
  const during = duringAnswer;
  const refuse = server.refuse;
  duringAnswer = null;
  if (during) await during();
  if (server.answerMs) await delay(server.answerMs);
  if (refuse) return HttpResponse.json({ message: 'El slug ya está en uso' }, { status: 409 });
  const made = id ?? `creada-${++server.made}`;
  return HttpResponse.json({ id: made, ...body, version: (expectedVersion ?? 0) + 1 }, { status: id ? 200 : 201 });
}

const mock = mockNewsApi(answer);

let clock = 1_000;
/** A copy as the dialog keeps it; `writer` is the opening of the dialog that kept it. */
const copy = (key: string, articleId: string | null, content: string, pending = true, writer = 'apertura-1'): LocalDraft => ({
  key,
  articleId,
  values: draftValues(content),
  savedAt: (clock += 1),
  pending,
  writer,
});

test.before.each(async () => {
  Object.assign(server, { received: [], versions: [], answerMs: 0, refuse: false, made: 0 });
  duringAnswer = null;
  for (const draft of await localDrafts.all()) await localDrafts.remove(draft.key);
});

test.after(() => mock.close());

test('a copy sent by itself is forgotten once the server has it', async () => {
  await localDrafts.put(copy('a-1', 'a-1', '<p>Uno.</p>'));
  assert.is(await sendPendingDrafts(), 1);
  assert.equal(server.received, [{ method: 'PATCH', id: 'a-1', content: '<p>Uno.</p>', status: 'draft' }]);
  assert.equal(await localDrafts.all(), []);
});

test('a copy names the version it was based on; a newer one of the same editing, kept while it was on its way, names the version it made', async () => {
  await localDrafts.put({ ...copy('a-1', 'a-1', '<p>Uno.</p>'), version: 3 });
  duringAnswer = () => localDrafts.put({ ...copy('a-1', 'a-1', '<p>Uno.</p><p>Dos.</p>'), version: 3 });
  assert.is(await sendPendingDrafts(), 2);
  assert.equal(server.versions, [3, 4]);
  assert.equal(await localDrafts.all(), []);
});

test('a newer copy kept while the last one was on its way reaches the server too, and is then forgotten', async () => {
  await localDrafts.put(copy('a-1', 'a-1', '<p>Uno.</p>'));
  duringAnswer = () => localDrafts.put(copy('a-1', 'a-1', '<p>Uno.</p><p>Dos.</p>'));
  await sendPendingDrafts();
  assert.equal(
    server.received.map(({ method, id, content }) => ({ method, id, content })),
    [
      { method: 'PATCH', id: 'a-1', content: '<p>Uno.</p>' },
      { method: 'PATCH', id: 'a-1', content: '<p>Uno.</p><p>Dos.</p>' },
    ],
  );
  assert.equal(await localDrafts.all(), []);
});

test("a new article's copy replaced while it was being made becomes a change of that article, not a second one", async () => {
  await localDrafts.put(copy(newArticleKey, null, '<p>Escrita en el avión.</p>'));
  duringAnswer = () => localDrafts.put(copy(newArticleKey, null, '<p>Escrita en el avión.</p><p>Y al aterrizar.</p>'));
  await sendPendingDrafts();
  assert.equal(
    server.received.map(({ method, id, content }) => ({ method, id, content })),
    [
      { method: 'POST', id: null, content: '<p>Escrita en el avión.</p>' },
      { method: 'PATCH', id: 'creada-1', content: '<p>Escrita en el avión.</p><p>Y al aterrizar.</p>' },
    ],
  );
  assert.is(server.made, 1);
  assert.equal(await localDrafts.all(), []);
});

test('a copy the server refuses stays to be recovered, not sent again; a newer one that took its place still goes', async () => {
  server.refuse = true;
  await localDrafts.put(copy('a-1', 'a-1', '<p>Uno.</p>'));
  await sendPendingDrafts();
  assert.equal(
    (await localDrafts.all()).map(({ key, pending, values }) => ({ key, pending, content: values.content })),
    [{ key: 'a-1', pending: false, content: '<p>Uno.</p>' }],
  );
  await sendPendingDrafts();
  assert.is(server.received.length, 1);

  await localDrafts.put(copy('a-1', 'a-1', '<p>Uno.</p>'));
  duringAnswer = async () => {
    await localDrafts.put(copy('a-1', 'a-1', '<p>Uno, corregido.</p>'));
    server.refuse = false;
  };
  server.refuse = true;
  await sendPendingDrafts();
  // The refused copy's answer came after the newer copy was kept: the newer one was sent and forgotten.
  assert.equal(
    server.received.slice(1).map(({ content }) => content),
    ['<p>Uno.</p>', '<p>Uno, corregido.</p>'],
  );
  assert.equal(await localDrafts.all(), []);
});

test("another new article's copy, kept under the same key while the first was being made, stays its own article", async () => {
  await localDrafts.put(copy(newArticleKey, null, '<p>Primera nueva.</p>'));
  duringAnswer = () => localDrafts.put(copy(newArticleKey, null, '<p>Segunda nueva, sin título aún.</p>', false, 'apertura-2'));
  await sendPendingDrafts();
  assert.equal(
    server.received.map(({ method, content }) => ({ method, content })),
    [{ method: 'POST', content: '<p>Primera nueva.</p>' }],
  );
  // Not moved under the first article, not forgotten: the second dialog's copy, to recover there.
  assert.equal(
    (await localDrafts.all()).map(({ key, articleId, writer, values }) => ({ key, articleId, writer, content: values.content })),
    [{ key: newArticleKey, articleId: null, writer: 'apertura-2', content: '<p>Segunda nueva, sin título aún.</p>' }],
  );

  // Waiting to be sent itself, it is sent next, as an article of its own.
  await localDrafts.remove(newArticleKey);
  await localDrafts.put(copy(newArticleKey, null, '<p>Tercera nueva.</p>'));
  duringAnswer = () => localDrafts.put(copy(newArticleKey, null, '<p>Cuarta nueva.</p>', true, 'apertura-2'));
  await sendPendingDrafts();
  assert.equal(
    server.received.slice(1).map(({ method, id, content }) => ({ method, id, content })),
    [
      { method: 'POST', id: null, content: '<p>Tercera nueva.</p>' },
      { method: 'POST', id: null, content: '<p>Cuarta nueva.</p>' },
    ],
  );
  assert.equal(await localDrafts.all(), []);
});

test('a copy whose text reached the server is forgotten, unless it was kept after that save took its text', async () => {
  const older = copy('a-3', 'a-3', '<p>Antes.</p>', false);
  await localDrafts.put(older);
  await forgetSavedCopy('a-3', older.savedAt);
  assert.equal(await localDrafts.all(), []);

  const since = clock;
  await localDrafts.put(copy('a-3', 'a-3', '<p>Después.</p>', false));
  await forgetSavedCopy('a-3', since);
  assert.equal(
    (await localDrafts.all()).map(({ values }) => values.content),
    ['<p>Después.</p>'],
  );

  // Another new article's copy under the same key is not this opening's to forget.
  await localDrafts.put(copy(newArticleKey, null, '<p>De otra apertura.</p>', false, 'apertura-2'));
  await forgetSavedCopy(newArticleKey, clock, (writer) => writer === 'apertura-1');
  assert.equal((await localDrafts.get(newArticleKey))?.values.content, '<p>De otra apertura.</p>');
  await forgetSavedCopy(newArticleKey, clock, (writer) => writer === 'apertura-2');
  assert.is(await localDrafts.get(newArticleKey), undefined);
});

test('a copy kept only here (fields missing, or an edit of a published article) is never sent by itself', async () => {
  await localDrafts.put(copy('a-2', 'a-2', '<p>Sin título aún.</p>', false));
  assert.is(await sendPendingDrafts(), 0);
  assert.equal(server.received, []);
  assert.is((await localDrafts.all()).length, 1);
});

test.run();
