// The document a rendered page becomes: the template's marks filled with the page's language, head,
// markup and data, as UTF-8 bytes; and the chunks a page preloads.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkTemplate, headTags, pageBytes, preloadTags, type ViteManifest } from '../../api/web/html';

const template = [
  '<!doctype html>',
  '<html lang="es">',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
  '    <!--app-head-->',
  '  </head>',
  '  <body>',
  '    <div id="root"><!--app-html--></div>',
  '    <!--app-data-->',
  '  </body>',
  '</html>',
].join('\n');

test('a page is the template with its language, head, markup and data in their places, in UTF-8', () => {
  const parts = {
    htmlLang: 'en',
    head: '<title>Contraespionaje CR — Noticias</title>',
    html: '<h1>Señales y cámaras ocultas</h1><p>Ñandú “entre comillas”</p>',
    appData: '<script type="application/json" id="app-data">{"a":"\\u003c/script>"}</script>',
  };
  const text = pageBytes(template, parts).toString('utf8');
  assert.is(
    text,
    template
      .replace('<html lang="es">', '<html lang="en">')
      .replace('<!--app-head-->', parts.head)
      .replace('<!--app-html-->', parts.html)
      .replace('<!--app-data-->', parts.appData),
  );
  // Without a language, the page is in Spanish.
  assert.match(pageBytes(template, { ...parts, htmlLang: undefined }).toString('utf8'), '<html lang="es">');
  // Text that looks like a mark, inside a part, is left as it is.
  assert.match(pageBytes(template, { ...parts, html: '<p><!--app-data--></p>' }).toString('utf8'), '<div id="root"><p><!--app-data--></p></div>');
});

test('pages of every size come out whole, each its own bytes, whatever their characters', () => {
  const filledIn = (parts: { head: string; html: string; appData: string }) =>
    Buffer.from(template.replace('<!--app-head-->', parts.head).replace('<!--app-html-->', parts.html).replace('<!--app-data-->', parts.appData), 'utf8');
  // ASCII, Latin-1, other two-byte characters and pairs (an emoji), from small to past the largest page written at once.
  const card = '<li>Señal — “cámara” 🔍 oculta</li>';
  const pages = [1, 100, 3_000, 20_000, 60_000].map((cards) => ({ head: '<title>Noticias — Ñ</title>', html: card.repeat(cards), appData: '{"q":"ñ🔍"}' }));
  const made = pages.map((parts) => pageBytes(template, parts));
  pages.forEach((parts, i) => assert.ok(made[i].equals(filledIn(parts)), `page ${i}`));
  // A later page does not write over an earlier one's bytes.
  assert.ok(made[1].equals(filledIn(pages[1])));
  assert.is.not(made[1].buffer, made[2].buffer);
});

test("the head's texts are escaped once, each of & < > \" ' in any place, and plain ones are left as they are", () => {
  const site = { siteName: 'Contraespionaje "CR" & Cía', contactPhone: '+506 8888 8888', contactEmail: 'info@example.com', publicUrl: 'https://example.com' };
  const head = headTags(
    { title: `Barridos <b>&</b> "salas" d'equipo &amp;`, description: 'Señales y cámaras ocultas', path: '/noticias?q=a&b' },
    site as never,
  );
  assert.match(head, `<title>Barridos &lt;b&gt;&amp;&lt;/b&gt; &quot;salas&quot; d&#39;equipo &amp;amp;</title>`);
  assert.match(head, '<meta name="description" content="Señales y cámaras ocultas" />');
  assert.match(head, '<link rel="canonical" href="https://example.com/noticias?q=a&amp;b" />');
  assert.match(head, 'content="Contraespionaje &quot;CR&quot; &amp; Cía"');
});

test('a page of the news list names itself, and its twins in the other language carry its page too; a filtered list names no canonical and is not indexed', () => {
  const site = { siteName: 'Contraespionaje CR', contactPhone: '+506 8888 8888', contactEmail: 'info@example.com', publicUrl: 'https://example.com' };
  const languages = {
    lang: 'es' as const,
    htmlLang: 'es',
    alternates: [
      { hreflang: 'es-CR', path: '/noticias' },
      { hreflang: 'en', path: '/en/news' },
      { hreflang: 'x-default', path: '/noticias' },
    ],
  };
  const second = headTags({ title: 'Noticias', description: 'Noticias', path: '/noticias?pagina=2' }, site as never, languages);
  assert.match(second, '<link rel="canonical" href="https://example.com/noticias?pagina=2" />');
  assert.match(second, '<link rel="alternate" hreflang="es-CR" href="https://example.com/noticias?pagina=2" />');
  assert.match(second, '<link rel="alternate" hreflang="en" href="https://example.com/en/news?pagina=2" />');
  assert.match(second, '<meta property="og:url" content="https://example.com/noticias?pagina=2" />');
  assert.not.match(second, 'noindex');
  const first = headTags({ title: 'Noticias', description: 'Noticias', path: '/noticias' }, site as never, languages);
  assert.match(first, '<link rel="canonical" href="https://example.com/noticias" />');
  assert.match(first, '<link rel="alternate" hreflang="en" href="https://example.com/en/news" />');
  const filtered = headTags(
    { title: 'Noticias', description: 'Noticias', path: '/noticias?q=c%C3%A1maras&pagina=2', filtered: true },
    site as never,
    languages,
  );
  assert.match(filtered, '<meta name="robots" content="noindex" />');
  assert.not.match(filtered, 'rel="canonical"');
});

test('a template without one of its marks is refused with a Spanish message', () => {
  checkTemplate(template);
  assert.throws(() => checkTemplate(template.replace('<!--app-head-->', '')), /index\.html no tiene <!--app-head-->/);
  assert.throws(() => pageBytes(template.replace('<!--app-data-->', ''), { head: '', html: '', appData: '' }), /index\.html no tiene <!--app-data-->/);
  // Out of order: the data before the markup.
  const swapped = template.replace('<!--app-html-->', '@').replace('<!--app-data-->', '<!--app-html-->').replace('@', '<!--app-data-->');
  assert.throws(() => pageBytes(swapped, { head: '', html: '', appData: '' }), /no tiene <!--app-data--> \(o no en su orden\)/);
});

test("a page's preloads: its chunks, what they import and their CSS, but not what the template loads", () => {
  const manifest: ViteManifest = {
    'pwa/main.tsx': { file: 'assets/index-A.js' },
    'pwa/features/news/NewsListPage.tsx': { file: 'assets/NewsListPage-B.js', imports: ['pwa/main.tsx', '_card.js'], css: ['assets/news-C.css'] },
    '_card.js': { file: 'assets/card-D.js' },
    'pwa/features/contact/ContactPage.tsx': { file: 'assets/ContactPage-E.js', imports: ['pwa/main.tsx'] },
  };
  const news = preloadTags(manifest, ['pwa/features/news/NewsListPage.tsx'], template);
  assert.is(
    news,
    [
      '<link rel="stylesheet" href="/assets/news-C.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/NewsListPage-B.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/card-D.js" />',
    ].join('\n    '),
  );
  // Asked again (kept), and for another page: each its own.
  assert.is(preloadTags(manifest, ['pwa/features/news/NewsListPage.tsx'], template), news);
  assert.is(
    preloadTags(manifest, ['pwa/features/contact/ContactPage.tsx'], template),
    '<link rel="modulepreload" crossorigin href="/assets/ContactPage-E.js" />',
  );
  // Under another template (one that loads the card itself), the card is not preloaded again.
  const withCard = template.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/card-D.js" /></head>');
  assert.not.match(preloadTags(manifest, ['pwa/features/news/NewsListPage.tsx'], withCard), 'card-D.js');
  assert.is(preloadTags(null, ['pwa/features/news/NewsListPage.tsx'], template), '');
});

test.run();
