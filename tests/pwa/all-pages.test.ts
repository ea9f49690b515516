// A screen that shows a whole list (services, staff accounts, feed sources) asks the server page after
// page, at the largest page size, until it has the total the server gave in X-Total-Count.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchAllPages } from '../../pwa/lib/all-pages';

const realFetch = globalThis.fetch;
test.after.each(() => {
  globalThis.fetch = realFetch;
});

/** A server holding `total` items, answering ?limit=&offset= as the API does. */
function serverOf(total: number, asked: string[]) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const limit = Number(url.searchParams.get('limit') ?? 30);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: offset + i }));
    return new Response(JSON.stringify(items), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });
  }) as typeof fetch;
}

test('250 items: three pages of 100, every item once, in order', async () => {
  const asked: string[] = [];
  serverOf(250, asked);
  const items = await fetchAllPages<{ id: number }>('/api/services');
  assert.equal(
    items.map((item) => item.id),
    Array.from({ length: 250 }, (_, i) => i),
  );
  assert.equal(asked, ['/api/services?limit=100&offset=0', '/api/services?limit=100&offset=100', '/api/services?limit=100&offset=200']);
});

test('an empty list is one request', async () => {
  const asked: string[] = [];
  serverOf(0, asked);
  assert.equal(await fetchAllPages('/api/users'), []);
  assert.is(asked.length, 1);
});

test('a list that shrinks while it is read stops at the first empty page', async () => {
  const asked: string[] = [];
  // The total said 150, but only 100 are left when the second page is asked.
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const offset = Number(new URL(String(input), 'http://localhost').searchParams.get('offset'));
    asked.push(String(offset));
    const items = offset === 0 ? Array.from({ length: 100 }, (_, i) => ({ id: i })) : [];
    return new Response(JSON.stringify(items), { headers: { 'X-Total-Count': offset === 0 ? '150' : '100' } });
  }) as typeof fetch;
  assert.is((await fetchAllPages('/api/rss/sources')).length, 100);
  assert.equal(asked, ['0', '100']);
});

test.run();
