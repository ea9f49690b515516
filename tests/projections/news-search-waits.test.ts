// A list waits for the news index to take in what was committed before it asked, and for nothing else:
// never for good, whenever it asks (even between the end of a refresh and its promise settling), and
// not when a refresh fails (the list then goes on with what the index holds). The database is a stand-in
// here whose answers the test releases one by one, so every interleaving is the test's to choose.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EventStore, Sql, StoredEvent } from '../../events';
import { newsSearch } from '../../projections/news-search';

type Held = { release(): void; fail(): void };

/** A news search over a database whose every query waits until the test answers it (empty, or failing). */
function heldSearch() {
  const committed: ((events: readonly StoredEvent[]) => void)[] = [];
  const store = { onCommitted: (listener: (events: readonly StoredEvent[]) => void) => void committed.push(listener) } as unknown as EventStore;
  const held: Held[] = [];
  let answering = false;
  const sql = {
    query: () =>
      answering
        ? Promise.resolve([])
        : new Promise<unknown[]>((resolve, reject) => held.push({ release: () => resolve([]), fail: () => reject(new Error('conexión perdida')) })),
  } as unknown as Sql;
  const search = newsSearch(store, sql);
  let position = 0;
  const commit = (streamId: string) => {
    position += 1;
    for (const listener of committed) listener([{ type: 'NewsArticleCreated', streamId, position } as StoredEvent]);
  };
  /** From now on every query is answered at once (the database is back). */
  const answerFromNowOn = () => {
    answering = true;
  };
  return { search, held, commit, answerFromNowOn };
}

const article = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const settles = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 500))]);
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await null;
};

/**
 * A refresh under way ends (`answered` or `failed`); a second request, whose own query is answered in
 * the same read, asks for a list `later` microtasks after. Both lists must be let go on.
 */
async function askedAsRefreshEnds(ending: 'answered' | 'failed', later: number) {
  const { search, held, commit, answerFromNowOn } = heldSearch();
  commit(article(1));
  const first = search.catchingUp();
  assert.ok(first, 'an article is to be read again');
  const ownQuery = new Promise<void>((resolve) => held.push({ release: resolve, fail: resolve }));
  const second = (async () => {
    await ownQuery;
    await ticks(later);
    await search.catchingUp();
  })();
  // Long enough for the commit's own timer to have fired: its refresh waits on the one under way.
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The database answers whatever is asked next (a failed refresh is tried again by the next list).
  answerFromNowOn();
  if (ending === 'answered') held[0].release();
  else held[0].fail();
  held[1].release();
  assert.is(
    await settles(Promise.all([first, second])),
    'settled',
    `asked ${later} microtasks after the refresh ${ending === 'answered' ? 'ended' : 'failed'}`,
  );
}

test('a list that asks just as a refresh ends, at any point before its promise settles, is answered', async () => {
  for (let later = 0; later < 8; later++) await askedAsRefreshEnds('answered', later);
});

test('a list that asks just after a refresh failed, before its promise settled, is answered', async () => {
  for (let later = 0; later < 8; later++) await askedAsRefreshEnds('failed', later);
});

test('a refresh that fails lets the lists waiting for it go on', async () => {
  const { search, held, commit } = heldSearch();
  commit(article(1));
  const first = search.catchingUp()!;
  // Named while the first refresh runs: this list waits for the next one.
  commit(article(2));
  const second = search.catchingUp()!;
  held[0].release();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.is(await settles(first), 'settled');
  held[1].fail();
  assert.is(await settles(second), 'settled');
});

test.run();
