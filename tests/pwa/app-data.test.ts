// The data the server hands the browser inside the page: a <script type="application/json"> that no
// text of an article can end early, and that reads back as the very data written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keptJson } from '../../domain';
import { appDataScript, type AppData } from '../../pwa/lib/app-data';

const site = { siteName: 'Contraespionaje CR', contactPhone: '+506 8888 8888', contactEmail: 'info@example.com', publicUrl: 'https://example.com' };
const tricky = 'Título </script><script>alert(1)</script> <!-- a\u2028b\u2029c <\\/script> «ñ»';
const data: AppData = {
  site,
  queries: { mutations: [], queries: [{ queryKey: ['noticias'], queryHash: '["noticias"]', state: { data: { title: tricky } } }] } as never,
};

test('no text in the data can close the script tag or start a comment, and the line separators are escaped', () => {
  const script = appDataScript(data);
  const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
  assert.not.ok(inner.includes('<'), 'no "<" inside the tag');
  assert.not.ok(/[\u2028\u2029]/.test(inner), 'no raw line separator');
  assert.ok(inner.includes('\\u003c/script>') && inner.includes('\\u2028') && inner.includes('\\u2029'));
  assert.ok(script.startsWith('<script type="application/json" id="app-data">') && script.endsWith('</script>'));
});

test('the data reads back exactly as it was written', () => {
  const script = appDataScript(data);
  const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
  assert.equal(JSON.parse(inner), data);
});

/** A read-only summary carrying its JSON, as the news index hands them out. */
function keptSummary(summary: Record<string, unknown>) {
  const json = JSON.stringify(summary);
  return Object.freeze(Object.defineProperty(JSON.parse(json) as Record<string, unknown>, keptJson, { value: json }));
}

const withSummaries = (items: unknown[], other: unknown): AppData => ({
  site,
  queries: {
    mutations: [],
    queries: [
      { queryKey: ['noticias', { q: 'ñ' }], queryHash: 'a', state: { data: { items, total: items.length }, dataUpdatedAt: 1 } },
      { queryKey: ['otra'], queryHash: 'b', state: { data: other } },
    ],
  } as never,
});

test('summaries that carry their JSON are written from it, escaped, and read back as the same data', () => {
  const items = [keptSummary({ id: '1', title: tricky, image: null, tags: ['a<b'] }), keptSummary({ id: '2', title: 'Señales', excerpt: '\u2028 «»' })];
  for (const data of [withSummaries(items, { note: 'x' }), withSummaries([...items, items[0]], items[1])]) {
    const script = appDataScript(data);
    const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    assert.not.ok(/[<\u2028\u2029]/.test(inner));
    assert.equal(JSON.parse(inner), JSON.parse(JSON.stringify(data)));
  }
});

test('data that holds the stand-in of a summary, or what looks like it, is still written exactly', () => {
  const items = [keptSummary({ id: '1', title: 'A' })];
  for (const other of ['\u0000', { title: '\u0000' }, '"\\u0000"', 'a\u0000b']) {
    const data = withSummaries(items, other);
    const script = appDataScript(data);
    const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    assert.equal(JSON.parse(inner), JSON.parse(JSON.stringify(data)), JSON.stringify(other));
  }
});

test.run();
