// The data the server hands the browser inside the page: a <script type="application/json"> that no
// text of an article can end early, and that reads back as the very data written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
