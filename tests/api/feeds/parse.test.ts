import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { FeedError, type ParsedFeed } from '../../../api/feeds/index';
import { parseFeedDocument } from '../../../api/feeds/parse';
import { fixture } from '../../helpers/feed-server';
import { rssFeed } from '../../helpers/feed-sources';
import { maxArticleContent } from '../../../domain';

const now = new Date('2025-07-01T12:00:00Z');
const parse = (name: string, baseUrl = `https://fuente.example/feeds/${name}`): ParsedFeed =>
  parseFeedDocument(fixture(name).toString('utf8'), baseUrl, { now });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function notAFeed(text: string): void {
  try {
    parseFeedDocument(text, 'https://fuente.example/');
  } catch (error) {
    assert.instance(error, FeedError);
    assert.is((error as FeedError).message, 'El documento no es un feed válido (RSS, Atom, RDF o JSON Feed)');
    return;
  }
  assert.unreachable(`accepted as a feed: ${text.slice(0, 60)}`);
}

test('an item’s image may be http (the importer copies it into the media library); http images in its text are dropped', () => {
  const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://f.example/</link>
    <item><title>Con imagen http</title><link>https://f.example/a</link><guid>a</guid>
      <enclosure url="http://f.example/a.jpg" type="image/jpeg" length="1"/>
      <description><![CDATA[<p>Texto <img src="http://f.example/b.jpg"> y <img src="https://f.example/c.jpg"></p>]]></description></item>
  </channel></rss>`;
  const [item] = parseFeedDocument(rss, 'https://f.example/feed.xml', { now }).items;
  assert.is(item.image, 'http://f.example/a.jpg');
  assert.not.ok(item.contentHtml.includes('http://f.example/b.jpg'));
});

test('RSS 2.0: content:encoded, enclosure image, dc:creator, guid hash and date', () => {
  const feed = parse('rss2.xml');
  assert.is(feed.format, 'rss');
  assert.is(feed.title, 'Seguridad al Día');
  assert.is(feed.link, 'https://noticias.example/');
  assert.is(feed.items.length, 3);
  const [first, second, third] = feed.items;
  assert.is(first.title, 'Detectan micrófonos ocultos en oficinas & salas de juntas');
  assert.is(first.guidHash, sha256('urn:noticias:1001'));
  assert.is(first.author, 'María Pérez');
  assert.is(first.publishedAt.toISOString(), '2025-06-10T20:30:00.000Z');
  assert.is(first.link, 'https://noticias.example/2025/06/microfonos');
  assert.is(first.image, 'https://cdn.noticias.example/fotos/microfono.jpg', 'the image enclosure wins');
  assert.is(first.excerpt, 'Un equipo de barrido electrónico encontró tres micrófonos.');
  assert.ok(
    first.contentHtml.includes('en <a href="https://noticias.example/empresas/acme" rel="noopener nofollow" target="_blank">una empresa</a>'),
    first.contentHtml,
  );
  assert.ok(first.contentHtml.includes('src="https://noticias.example/img/microfono.jpg"'), 'relative img made absolute against the item link');
  assert.is(second.image, 'https://cdn.noticias.example/fotos/gps-thumb.jpg', 'an audio enclosure is no image; media:thumbnail is');
  assert.is(second.author, 'Redacción', 'the name of an RSS <author>, never its e-mail');
  assert.is(second.title, 'Podcast: rastreadores GPS en vehículos');
  assert.is(third.image, 'https://cdn.noticias.example/fotos/camara.png', 'media:content image');
  assert.is(third.author, null);
  assert.equal(feed.errors, []);
});

test('Atom: xml:base and relative links resolved, html titles decoded, xhtml content kept', () => {
  const feed = parse('atom.xml', 'https://otro.example/atom.xml');
  assert.is(feed.format, 'atom');
  assert.is(feed.title, 'Bitácora de contraespionaje');
  assert.is(feed.link, 'https://blog.example/seguridad/');
  const [wifi, bluetooth] = feed.items;
  assert.is(wifi.link, 'https://blog.example/seguridad/articulos/wifi-falsas.html');
  assert.ok(wifi.contentHtml.includes('href="https://blog.example/seguridad/articulos/guia.html"'), wifi.contentHtml);
  assert.ok(wifi.contentHtml.includes('href="https://blog.example/contacto"'));
  assert.is(wifi.image, 'https://blog.example/seguridad/articulos/img/ap.png', 'the first image of the content');
  assert.is(wifi.author, 'Carlos Jiménez');
  assert.is(wifi.publishedAt.toISOString(), '2025-05-19T14:00:00.000Z', 'published wins over updated');
  assert.is(wifi.excerpt, 'Los puntos de acceso falsos imitan la red del hotel.');
  assert.is(wifi.guidHash, sha256('urn:uuid:7d0b1c2e-0000-4000-8000-000000000002'));
  assert.is(bluetooth.title, 'Bluetooth & rastreo');
  assert.is(bluetooth.link, 'https://blog.example/seguridad/bluetooth.html');
  assert.is(bluetooth.contentHtml, '<p>Desactive el <strong>Bluetooth</strong> cuando no lo use.</p>');
  assert.is(bluetooth.publishedAt.toISOString(), '2025-05-18T08:00:00.000Z', 'updated when nothing else');
});

test('RDF (RSS 1.0): dc:date and dc:creator', () => {
  const feed = parse('rdf.xml');
  assert.is(feed.format, 'rdf');
  assert.is(feed.items.length, 2);
  assert.is(feed.items[0].title, 'Ingeniería social por teléfono');
  assert.is(feed.items[0].publishedAt.toISOString(), '2025-04-01T12:00:00.000Z');
  assert.is(feed.items[0].author, 'Equipo RDF');
  assert.is(feed.items[0].contentHtml, '<p>Llamadas que se hacen pasar por el banco.</p>');
});

test('JSON Feed: content_html, content_text escaped, image and attachments', () => {
  const feed = parse('feed.json');
  assert.is(feed.format, 'json');
  assert.is(feed.title, 'Alertas JSON');
  assert.is(feed.link, 'https://json.example/');
  const [html, text] = feed.items;
  assert.is(html.image, 'https://json.example/img/camara.jpg');
  assert.is(html.author, 'Laura Vargas');
  assert.ok(html.contentHtml.includes('href="https://json.example/parches"'));
  assert.is(html.guidHash, sha256('alerta-1'));
  assert.is(text.title, 'Texto plano & entidades “WordPress”');
  assert.is(text.contentHtml, '<p>Primera línea.<br />Segunda línea con &lt;script&gt;alert(1)&lt;/script&gt;.</p>');
  assert.is(text.image, 'https://json.example/img/adjunto.webp');
});

test('hostile markup: no script, style, handlers, javascript: or data: URLs, iframes, forms or embeds', () => {
  const [item] = parse('xss.xml').items;
  const html = item.contentHtml;
  assert.is(item.title, 'Título limpio');
  for (const forbidden of [
    /<script/i,
    /<style/i,
    /<iframe/i,
    /<form/i,
    /<input/i,
    /<object/i,
    /<embed/i,
    /<svg/i,
    /\son\w+=/i,
    /javascript:/i,
    /data:/i,
    /style=/i,
    /alert\(/,
    /steal/,
  ]) {
    assert.not.match(html, forbidden);
  }
  assert.ok(html.includes('<img src="https://hostil.example/x.png" loading="lazy" />'), 'the image survives without onerror (lazy, as every article image)');
  assert.ok(html.includes('<a target="_blank" rel="noopener nofollow" href="https://bueno.example/ok">bueno</a>'), "target and rel are ours, not the feed's");
  for (const anchor of html.match(/<a\b[^>]*>/g) ?? []) assert.match(anchor, /rel="noopener nofollow"/);
  assert.not.match(item.excerpt, /alert|script/);
});

test('missing guids and dates: hash of link, else title and raw date; missing, unreadable or future dates become now', () => {
  const feed = parse('missing-fields.xml');
  const byTitle = new Map(feed.items.map((item) => [item.title, item]));
  assert.is(byTitle.get('Sin guid ni fecha')!.guidHash, sha256('https://incompleta.example/sin-guid'));
  assert.is(byTitle.get('Solo título')!.guidHash, sha256('Solo título\n'));
  for (const title of ['Sin guid ni fecha', 'Solo título', 'Fecha ilegible', 'Fecha futura']) {
    assert.is(byTitle.get(title)!.publishedAt.getTime(), now.getTime(), title);
  }
  assert.ok(byTitle.has('Sin título: el texto sirve de título cuando no hay otro mejor.'), 'text stands in for a missing title');
});

test('an item with neither title nor content is skipped and counted; the rest import', () => {
  const feed = parse('missing-fields.xml');
  assert.is(feed.items.length, 5);
  assert.is(feed.skipped, 1);
  assert.equal(feed.errors, ['Elemento 5: no tiene título ni contenido']);
});

test('an item whose content is longer than an article may be, as sent or once cleaned, is skipped and counted with its reason; the rest import', () => {
  // Under the limit as sent, over it once every link gains our target and rel.
  const links = '<a href="https://x.example/">a</a>'.repeat(Math.ceil(maxArticleContent / 40));
  assert.ok(links.length < maxArticleContent);
  const feed = parseFeedDocument(
    rssFeed([
      { guid: 'largo', title: 'Demasiado largo', content: `<p>${'x'.repeat(maxArticleContent)}</p>` },
      { guid: 'enlaces', title: 'Crece al limpiarse', content: `<p>${links}</p>` },
      { guid: 'corto', title: 'Corto', content: '<p>Texto</p>' },
    ]),
    'https://f.example/',
    { now },
  );
  assert.equal(
    feed.items.map((item) => item.title),
    ['Corto'],
  );
  assert.is(feed.skipped, 2);
  assert.is(feed.tooLong, 2);
  assert.is(feed.errors.length, 2);
  assert.match(feed.errors[0], `Elemento 1: el contenido ocupa ${maxArticleContent + 7} caracteres y el máximo de una noticia es ${maxArticleContent}`);
  assert.match(feed.errors[1], /^Elemento 2: el contenido ocupa \d+ caracteres/);
});

test('the same guid twice in one feed keeps the first and counts the second', () => {
  const item = '<item><title>Uno</title><guid>mismo</guid></item>';
  const feed = parseFeedDocument(`<rss version="2.0"><channel><title>T</title>${item}${item}</channel></rss>`, 'https://f.example/');
  assert.is(feed.items.length, 1);
  assert.is(feed.skipped, 1);
});

test('a guid hash does not change between two parses of the same feed', () => {
  const one = parseFeedDocument(fixture('missing-fields.xml').toString(), 'https://f.example/', { now: new Date('2025-01-01') });
  const two = parseFeedDocument(fixture('missing-fields.xml').toString(), 'https://f.example/', { now: new Date('2025-02-01') });
  assert.equal(
    one.items.map((item) => item.guidHash),
    two.items.map((item) => item.guidHash),
  );
});

test('excerpts are plain text of at most 300 characters, cut on a word with an ellipsis', () => {
  const words = Array.from({ length: 120 }, (_, i) => `palabra${i}`).join(' ');
  const feed = parseFeedDocument(
    `<rss version="2.0"><channel><title>T</title><item><title>Largo</title><description><![CDATA[<p>${words}</p>]]></description></item></channel></rss>`,
    'https://f.example/',
  );
  const { excerpt } = feed.items[0];
  assert.ok(excerpt.length <= 300, String(excerpt.length));
  assert.ok(excerpt.endsWith('…'));
  assert.ok(words.startsWith(excerpt.slice(0, -1)) && words[excerpt.length - 1] === ' ', 'cut between two words');
  assert.not.match(excerpt, /</);
});

test('malformed XML is not a feed, even where feedsmith would forgive it', () => {
  notAFeed(fixture('malformed.xml').toString());
  notAFeed('<rss version="2.0"><channel><title>T</title><item><title>A</title></item>'); // truncated download
  notAFeed('<rss version="2.0"><channel><title>T</title><item><title>A</titl></item></channel></rss>');
  notAFeed('<rss version="2.0"><channel><title>T</title></channel></rss><rss/>');
});

test('HTML, plain text, empty documents and JSON that is no feed are refused', () => {
  notAFeed(fixture('page-with-feed.html').toString());
  notAFeed('hola, esto no es un feed');
  notAFeed('');
  notAFeed('{"title": "no soy un feed"}');
  notAFeed('{"version": "https://jsonfeed.org/version/1.1"');
  notAFeed('<rss version="2.0"/>');
});

test('a valid feed with no items parses to an empty list', () => {
  const feed = parseFeedDocument('<?xml version="1.0"?><rss version="2.0"><channel><title>Vacío</title></channel></rss>', 'https://f.example/');
  assert.equal(feed.items, []);
  assert.is(feed.title, 'Vacío');
});

test.run();
