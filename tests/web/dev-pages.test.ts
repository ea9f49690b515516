// `npm run dev`: the server renders the public pages through Vite's dev server (the sources, not dist/).
// The public pages, Spanish and English, answer with their own page, the ones with a form included (their
// widgets' dependencies once failed there with 'module is not defined', while the built site worked).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '../helpers/app';
import { startWebSite } from '../helpers/web-site';

const pages: [string, RegExp][] = [
  ['/', /<h1[^>]*>/],
  ['/servicios', /<title>[^<]*Servicios[^<]*\| /],
  ['/noticias', /<title>Noticias/],
  ['/contacto', /<title>Contacto \| /],
  ['/formulario-avanzada', /<title>Formulario de Avanzada VIP \| /],
  ['/en/contact', /<title>Contact \| /],
  ['/en/advance-form', /<title>VIP Advance Form \| /],
];

test('in development every public page is rendered from the sources, the ones with a form included', async () => {
  const site = await startWebSite({ dev: true });
  try {
    const visitor = new Client(site.base);
    for (const [page, expected] of pages) {
      const answer = await visitor.get(page);
      assert.is(answer.status, 200, `${page}: ${answer.text.slice(0, 200)}`);
      assert.match(answer.text, expected, page);
      assert.not.match(answer.text, /<div id="root"><\/div>/, `${page} is rendered on the server`);
    }
  } finally {
    await site.stop();
  }
});

test.run();
