// The media library over HTTP: an upload of each type gives its AVIF and WebP copies at each width, served
// from our origin for a year, without EXIF; bytes that are not the type they claim, and files that are too
// large, are refused; the list says where each image is used, and a used image cannot be deleted. The feed
// importer copies an item's image (and leaves a note when it cannot); a backup and its restore keep every
// file's bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { publicQueries } from '../../api/app';
import { blobStoreOf, writeBackup } from '../../api/backup/archive';
import { siteInfo } from '../../api/config';
import { atomXml, rssXml } from '../../api/web/feeds';
import { headTags } from '../../api/web/html';
import { articleHead } from '../../pwa/features/news/texts';
import { restoreBackup } from '../../api/backup/restore';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { openDb } from '../../events';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { serveBody, startFeedServer, type FeedServer } from '../helpers/feed-server';
import { articlesOf, createSource, rssFeed } from '../helpers/feed-sources';

const root = mkdtempSync(path.join(tmpdir(), 'medios-'));
let app: TestApp;
let admin: Client;
let collaborator: Client;
let visitor: Client;
let feeds: FeedServer;

type Variant = { url: string; width: number; height: number; type: string; bytes: number };
type Media = { id: string; url: string; width: number; height: number; type: string; bytes: number; variants: Variant[]; usedBy: { title: string }[] };

/** A photo as a phone takes it: with EXIF (camera and GPS) and turned by its orientation tag. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#f4a261"/></svg>`) },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Cámara de prueba' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 56/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 5/1 0/1' },
    })
    .toBuffer();
const drawing = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

const upload = (client: Client, bytes: Uint8Array, type: string) => client.request<Media>('POST', '/api/media', bytes, { 'content-type': type });

async function uploaded(bytes: Uint8Array, type: string): Promise<Media> {
  const answer = await upload(admin, bytes, type);
  assert.is(answer.status, 201, answer.text);
  return answer.body;
}

/** The bytes at an address of ours, checked to be served as an image of the library is. */
async function served(url: string, type: string): Promise<Buffer> {
  assert.match(url, /^\/media\/[0-9a-f-]{36}\//, 'an address of our own origin');
  const answer = await fetch(app.base + url);
  assert.is(answer.status, 200, url);
  assert.is(answer.headers.get('content-type'), type, url);
  assert.is(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable', url);
  return Buffer.from(await answer.arrayBuffer());
}

const article = (fields: Record<string, unknown>) =>
  admin.post('/api/news', { title: 'Barrido en la sala', excerpt: 'Resumen', content: '<p>Texto</p>', category: 'Tecnología', author: 'Ana', ...fields });

test.before(async () => {
  feeds = await startFeedServer();
  app = await startTestApp({ dataDir: path.join(root, 'origen'), feedAllowPrivateHosts: true });
  admin = await app.admin();
  collaborator = await app.userWithRole('colaborador');
  visitor = app.client();
});
test.after(async () => {
  await app.close();
  await feeds.close();
  rmSync(root, { recursive: true, force: true });
});

test('a JPEG upload gives the upright original without EXIF, and AVIF and WebP copies at 480, 960 and 1440 px', async () => {
  // 2000 × 1200 turned by its orientation tag: 1200 × 2000 upright.
  const media = await uploaded(await photo(2000, 1200), 'image/jpeg');
  assert.match(media.url, new RegExp(`^/media/${media.id}/1200x2000\\.jpg$`));
  assert.is(media.width, 1200);
  assert.is(media.height, 2000);
  assert.is(media.usedBy.length, 0);
  const original = await sharp(await served(media.url, 'image/jpeg')).metadata();
  assert.is(original.format, 'jpeg');
  assert.is(original.width, 1200);
  assert.is(original.height, 2000);
  assert.is(original.exif, undefined, 'no EXIF (camera, GPS) left');
  assert.is(original.orientation, undefined);
  assert.equal(
    media.variants.map((v) => `${v.type} ${v.width}×${v.height}`),
    ['image/avif 480×800', 'image/avif 960×1600', 'image/avif 1200×2000', 'image/webp 480×800', 'image/webp 960×1600', 'image/webp 1200×2000'],
    'capped at the original: 1440 becomes 1200',
  );
  for (const variant of media.variants) {
    const bytes = await served(variant.url, variant.type);
    assert.is(bytes.byteLength, variant.bytes);
    const meta = await sharp(bytes).metadata();
    assert.is(meta.format, variant.type === 'image/avif' ? 'heif' : 'webp', variant.url);
    assert.is(meta.width, variant.width, variant.url);
    assert.is(meta.height, variant.height, variant.url);
    assert.is(meta.exif, undefined);
  }
});

test('PNG, WebP and AVIF uploads keep their format for the original; a small image is never enlarged', async () => {
  const png = await uploaded(await drawing(300, 200), 'image/png');
  assert.match(png.url, /\/300x200\.png$/);
  assert.equal(
    png.variants.map((v) => `${v.type} ${v.width}`),
    ['image/avif 300', 'image/webp 300'],
  );
  const pngOriginal = await sharp(await served(png.url, 'image/png')).metadata();
  assert.is(pngOriginal.hasAlpha, true, 'transparency kept');
  const webp = await uploaded(
    await sharp(await photo(1600, 900))
      .webp()
      .toBuffer(),
    'image/webp',
  );
  assert.match(webp.url, /\/1600x900\.webp$/);
  assert.equal((await sharp(await served(webp.url, 'image/webp')).metadata()).format, 'webp');
  const avif = await uploaded(
    await sharp(await drawing(1000, 500))
      .avif({ effort: 0 })
      .toBuffer(),
    'image/avif',
  );
  assert.match(avif.url, /\/1000x500\.avif$/);
  assert.equal(
    avif.variants.filter((v) => v.type === 'image/webp').map((v) => v.width),
    [480, 960, 1000],
  );
  assert.is((await sharp(await served(avif.url, 'image/avif')).metadata()).format, 'heif');
});

test('bytes that are not the type they claim, other types and files over 10 MB are refused in Spanish', async () => {
  const png = await drawing(40, 40);
  const mislabelled = await upload(admin, png, 'image/jpeg');
  assert.is(mislabelled.status, 415);
  assert.equal(mislabelled.body, { message: 'El archivo no es una imagen JPEG, como dice su tipo (image/jpeg)' });
  const gif = await upload(admin, await sharp(png).gif().toBuffer(), 'image/gif');
  assert.is(gif.status, 415);
  assert.equal(gif.body, { message: 'Tipo de imagen no admitido: envíe image/jpeg, image/png, image/webp o image/avif' });
  const text = await upload(admin, Buffer.from('no soy una imagen'), 'image/png');
  assert.is(text.status, 415);
  assert.equal(text.body, { message: 'El archivo no es una imagen válida' });
  const cut = await photo(400, 300);
  const truncated = await upload(admin, cut.subarray(0, 200), 'image/jpeg');
  assert.is(truncated.status, 415);
  const huge = Buffer.concat([cut, Buffer.alloc(10_485_760)]);
  const tooLarge = await upload(admin, huge, 'image/jpeg');
  assert.is(tooLarge.status, 413);
  assert.equal(tooLarge.body, { message: 'La imagen supera el tamaño máximo de 10 MB' });
  const listed = await admin.get('/api/media?limit=100');
  assert.ok(
    listed.body.every((item: Media) => item.url.endsWith('.jpg') || item.url.endsWith('.png') || item.url.endsWith('.webp') || item.url.endsWith('.avif')),
  );
});

/**
 * A valid black-and-white PNG of any size, a few kilobytes even at 12,000 px a side (its rows of zeros
 * compress to nearly nothing): what a decompression bomb looks like.
 */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // one bit a pixel, greyscale; no compression, filter or interlace options
  const rows = deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

test('an image of too many pixels, or too wide, is refused by its size as read from its header, not as an invalid image', async () => {
  const before = Number((await admin.get('/api/media')).headers.get('x-total-count'));
  for (const [width, height] of [
    [12_000, 12_000],
    [17_000, 10],
    [10, 17_000],
  ]) {
    const bytes = blankPng(width, height);
    assert.is((await sharp(bytes).metadata()).width, width, 'a valid PNG');
    const answer = await upload(admin, bytes, 'image/png');
    assert.is(answer.status, 400, `${width}x${height}: ${answer.text}`);
    assert.match(
      (JSON.parse(answer.text) as { message: string }).message,
      /^La imagen es demasiado grande \([\d\s]+ × [\d\s]+ píxeles\): como máximo 100 megapíxeles y 16\s383 píxeles por lado$/,
    );
  }
  assert.is(Number((await admin.get('/api/media')).headers.get('x-total-count')), before, 'nothing kept');
  // Within both limits, the same kind of file is an image like any other.
  assert.is((await upload(admin, blankPng(1_200, 800), 'image/png')).status, 201);
});

test('staff only: a visitor may not upload nor list, and only an admin deletes', async () => {
  const bytes = await drawing(20, 20);
  assert.is((await upload(visitor, bytes, 'image/png')).status, 401);
  assert.is((await visitor.get('/api/media')).status, 401);
  const byCollaborator = await upload(collaborator, bytes, 'image/png');
  assert.is(byCollaborator.status, 201, byCollaborator.text);
  assert.is((await collaborator.get('/api/media')).status, 200);
  const refused = await collaborator.delete(`/api/media/${byCollaborator.body.id}`);
  assert.is(refused.status, 403);
  assert.is((await admin.delete(`/api/media/${byCollaborator.body.id}`)).status, 204);
});

test('an article shows an image of the library as a <picture>: its srcset per type, width and height', async () => {
  const media = await uploaded(
    await sharp(await drawing(1800, 1000))
      .jpeg()
      .toBuffer(),
    'image/jpeg',
  );
  const created = await article({ slug: 'con-imagen-propia', image: media.url, imageAlt: 'Una sala de juntas' });
  assert.is(created.status, 201, created.text);
  const shown = (await visitor.get('/api/news/con-imagen-propia')).body;
  assert.is(shown.image, media.url);
  assert.is(shown.imageAlt, 'Una sala de juntas');
  const id = media.id;
  assert.equal(shown.picture, {
    width: 1800,
    height: 1000,
    sources: [
      { type: 'image/avif', srcSet: `/media/${id}/480.avif 480w, /media/${id}/960.avif 960w, /media/${id}/1440.avif 1440w` },
      { type: 'image/webp', srcSet: `/media/${id}/480.webp 480w, /media/${id}/960.webp 960w, /media/${id}/1440.webp 1440w` },
    ],
  });
  const listed = (await visitor.get('/api/news')).body.find((item: { slug: string }) => item.slug === 'con-imagen-propia');
  assert.equal(listed.picture, shown.picture, 'the lists carry it too');
  // An older article's https image stays a plain address.
  const older = await article({ slug: 'con-imagen-externa', image: 'https://cdn.example/foto.jpg' });
  assert.is(older.body.picture, null);
  // An address of the library that holds no image is refused.
  const missing = await article({ slug: 'imagen-inexistente', image: `/media/${crypto.randomUUID()}/800x600.jpg` });
  assert.is(missing.status, 400);
  assert.is(missing.body.errors.image, 'La imagen ya no está en Medios: elija otra');
});

test('the feeds carry the image with absolute addresses, and the article page preloads the size its <picture> picks', async () => {
  const site = siteInfo(app.config);
  const queries = publicQueries(app.services);
  const article = await queries.newsBySlug('con-imagen-propia');
  assert.ok(article?.picture);
  const id = article.image!.split('/')[2];
  const absolute = `${site.publicUrl}/media/${id}/1800x1000.jpg`;
  const rss = await rssXml(site, queries);
  assert.match(rss, 'xmlns:media="http://search.yahoo.com/mrss/"');
  assert.match(rss, `<enclosure url="${absolute}" length="0" type="image/jpeg" />`);
  assert.match(rss, `<media:content url="${absolute}" medium="image" type="image/jpeg" width="1800" height="1000" />`);
  assert.match(rss, '<enclosure url="https://cdn.example/foto.jpg" length="0" type="image/jpeg" />', 'an older https image as it is');
  const atom = await atomXml(site, queries);
  assert.match(atom, `<link rel="enclosure" type="image/jpeg" href="${absolute}" />`);
  assert.match(atom, `<media:content url="${absolute}" medium="image" type="image/jpeg" width="1800" height="1000" />`);

  const head = headTags(articleHead(site, article), site);
  assert.match(
    head,
    `<link rel="preload" as="image" imagesrcset="/media/${id}/480.avif 480w, /media/${id}/960.avif 960w, /media/${id}/1440.avif 1440w" imagesizes="(min-width: 768px) 720px, calc(100vw - 32px)" type="image/avif" fetchpriority="high" />`,
  );
  assert.match(head, `<meta property="og:image" content="${absolute}" />`);
  assert.match(head, `"image":["${absolute}"]`, 'structured data with the whole address');
  const older = await queries.newsBySlug('con-imagen-externa');
  assert.not.match(headTags(articleHead(site, older!), site), 'rel="preload" as="image"');
});

test('the list says where each image is used; a used image cannot be deleted, an unused one can', async () => {
  const cover = await uploaded(await photo(900, 600), 'image/jpeg');
  const inline = await uploaded(await drawing(500, 500), 'image/png');
  const first = await article({ title: 'Cámaras en el ascensor', slug: 'camaras-ascensor', image: cover.url, imageAlt: 'Un ascensor' });
  const second = await article({
    title: 'Rastreadores GPS',
    slug: 'rastreadores-gps',
    content: `<p>Antes</p><img src="${inline.url}" alt="Un rastreador"><p>Después</p>`,
  });
  assert.is(first.status, 201, first.text);
  assert.is(second.status, 201, second.text);
  // In the text, the image offers its copies in the article's width, with its size.
  const inText = /<img [^>]*>/.exec(second.body.content)?.[0] ?? '';
  assert.match(inText, `src="${inline.url}"`);
  assert.match(inText, `srcset="/media/${inline.id}/480.webp 480w, /media/${inline.id}/500.webp 500w"`);
  assert.match(inText, 'sizes="(min-width: 768px) 720px, calc(100vw - 32px)"');
  assert.match(inText, 'width="500" height="500"');
  const forged = await article({
    slug: 'srcset-ajeno',
    content: '<p><img src="https://cdn.example/a.jpg" srcset="https://otro.example/b.jpg 2x" alt="a"></p>',
  });
  assert.not.match(forged.body.content, 'srcset', 'a srcset from outside never survives');
  await article({ title: 'Otra con la portada', slug: 'otra-portada', content: `<p><img src="${cover.url}" alt="x"></p>` });

  const listed = await admin.get('/api/media?limit=100');
  assert.is(listed.status, 200);
  assert.ok(Number(listed.headers.get('x-total-count')) >= 2);
  const usesOf = (id: string) => listed.body.find((item: Media) => item.id === id).usedBy.map((use: { title: string }) => use.title);
  assert.equal(usesOf(cover.id), ['Cámaras en el ascensor', 'Otra con la portada']);
  assert.equal(usesOf(inline.id), ['Rastreadores GPS']);

  const refused = await admin.delete(`/api/media/${cover.id}`);
  assert.is(refused.status, 409);
  assert.equal(refused.body, { message: 'No se puede eliminar: la imagen se usa en las noticias «Cámaras en el ascensor» y «Otra con la portada»' });
  const refusedInline = await admin.delete(`/api/media/${inline.id}`);
  assert.equal(refusedInline.body, { message: 'No se puede eliminar: la imagen se usa en la noticia «Rastreadores GPS»' });
  await served(inline.url, 'image/png');

  // The text no longer shows it: now it may go, with every file.
  assert.is((await admin.patch(`/api/news/${second.body.id}`, { content: '<p>Sin imagen</p>' })).status, 200);
  assert.is((await admin.delete(`/api/media/${inline.id}`)).status, 204);
  for (const url of [inline.url, ...inline.variants.map((v) => v.url)]) assert.is((await fetch(app.base + url)).status, 404, url);
  assert.is((await admin.delete(`/api/media/${inline.id}`)).status, 404);
  assert.is((await admin.get(`/api/media/${inline.id}`)).status, 404);
  const history = await admin.get(`/api/history?streamId=${inline.id}`);
  assert.equal(
    history.body.items.map((item: { type: string }) => item.type),
    ['MediaDeleted', 'MediaUploaded'],
  );
});

test('the importer copies an item’s image into the library, and the article shows our copy', async () => {
  const image = await sharp(await drawing(1200, 800))
    .jpeg()
    .toBuffer();
  // Labelled wrongly on purpose: the bytes decide what the image is.
  feeds.setRoute('/img/portada.jpg', serveBody(image, { contentType: 'application/octet-stream' }));
  feeds.setRoute(
    '/con-imagen.xml',
    serveBody(
      rssFeed([
        { guid: 'img-1', title: 'Con portada', link: 'https://fuente.example/1', description: '<p>Uno</p>', image: feeds.url('/img/portada.jpg') },
        { guid: 'img-2', title: 'La misma portada', link: 'https://fuente.example/2', description: '<p>Dos</p>', image: feeds.url('/img/portada.jpg') },
      ]),
    ),
  );
  const source = await createSource(admin, { url: feeds.url('/con-imagen.xml') });
  const run = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(run.status, 200, run.text);
  assert.is(run.body.count, 2);
  assert.is(feeds.requests.filter((r) => r.path === '/img/portada.jpg').length, 1, 'fetched once for both items');
  const [first, second] = await articlesOf(app, source.id);
  assert.match(first.image ?? '', /^\/media\/[0-9a-f-]{36}\/1200x800\.jpg$/);
  assert.is(second.image, first.image);
  assert.is(first.reviewNote, null);
  assert.is(first.picture?.width, 1200);
  const copy = await served(first.image!, 'image/jpeg');
  assert.equal((await sharp(copy).metadata()).width, 1200);
  const media = (await admin.get('/api/media?limit=100')).body.find((item: Media & { sourceUrl: string }) => item.url === first.image);
  assert.is(media.sourceUrl, feeds.url('/img/portada.jpg'));
});

test('an image the importer cannot copy leaves the article without image and a note for the review', async () => {
  feeds.setRoute('/img/texto.jpg', serveBody('no es una imagen', { contentType: 'image/jpeg' }));
  feeds.setRoute(
    '/sin-imagen.xml',
    serveBody(
      rssFeed([
        { guid: 'roto-1', title: 'Imagen que no existe', link: 'https://fuente.example/3', description: '<p>Tres</p>', image: feeds.url('/img/no-existe.jpg') },
        {
          guid: 'roto-2',
          title: 'Imagen que no es imagen',
          link: 'https://fuente.example/4',
          description: '<p>Cuatro</p>',
          image: feeds.url('/img/texto.jpg'),
        },
      ]),
    ),
  );
  const source = await createSource(admin, { url: feeds.url('/sin-imagen.xml') });
  const run = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(run.status, 200, run.text);
  assert.is(run.body.count, 2, 'the articles are imported all the same');
  const articles = await articlesOf(app, source.id);
  const missing = articles.find((a) => a.title === 'Imagen que no existe')!;
  const notImage = articles.find((a) => a.title === 'Imagen que no es imagen')!;
  assert.is(missing.image, null);
  assert.is(missing.picture, null);
  assert.is(
    missing.reviewNote,
    `No se pudo copiar la imagen de la fuente (la fuente respondió 404 (no encontrada)): ${feeds.url('/img/no-existe.jpg')}. La noticia quedó sin imagen; puede elegir una en Medios.`,
  );
  assert.is(notImage.image, null);
  assert.match(notImage.reviewNote ?? '', 'el archivo no es una imagen válida');
  // The review queue shows the note; a save with no image chosen (the dialog sends an empty one) keeps
  // it, and an image chosen by staff answers it.
  const pending = await admin.get('/api/news?status=pending&limit=100');
  assert.is(pending.body.find((item: { id: string }) => item.id === missing.id).reviewNote, missing.reviewNote);
  const edited = await admin.patch(`/api/news/${missing.id}`, { title: 'Imagen que no existe (revisada)', image: '', imageAlt: '' });
  assert.is(edited.status, 200, edited.text);
  assert.is(edited.body.reviewNote, missing.reviewNote);
  const media = await uploaded(await photo(600, 400), 'image/jpeg');
  const fixed = await admin.patch(`/api/news/${missing.id}`, { image: media.url, imageAlt: 'Un micrófono' });
  assert.is(fixed.status, 200, fixed.text);
  assert.is(fixed.body.reviewNote, null);
});

test('an image deleted at the moment an article is saved with it: never both, the article never left with a missing image', async () => {
  for (let round = 0; round < 6; round++) {
    const media = await uploaded(await photo(300, 200), 'image/jpeg');
    const created = await article({ title: `Carrera ${round}`, slug: `carrera-${round}`, status: 'draft' });
    assert.is(created.status, 201, created.text);
    const [saved, deleted] = await Promise.all([
      collaborator.patch(`/api/news/${created.body.id}`, { image: media.url, imageAlt: 'Foto' }),
      admin.delete(`/api/media/${media.id}`),
    ]);
    assert.ok((saved.status === 200) !== (deleted.status === 204), `round ${round}: save ${saved.status}, delete ${deleted.status}`);
    if (saved.status !== 200) assert.equal(saved.body.errors, { image: 'La imagen ya no está en Medios: elija otra' });
    const now = (await admin.get(`/api/news/${created.body.id}/current`)).body;
    if (now.image) assert.is((await admin.get(`/api/media/${media.id}`)).status, 200, `round ${round}: the article's image is in Medios`);
  }
});

test('a backup holds every file of the library, and its restore serves the same bytes', async () => {
  const media = await uploaded(await photo(1000, 700), 'image/jpeg');
  const gone = await uploaded(await drawing(100, 100), 'image/png');
  assert.is((await admin.delete(`/api/media/${gone.id}`)).status, 204);
  const urls = [media.url, ...media.variants.map((v) => v.url)];
  const before = await Promise.all(urls.map((url) => fetch(app.base + url).then(async (r) => Buffer.from(await r.arrayBuffer()))));

  const archive = path.join(root, 'copia.tar.gz');
  const counts = await writeBackup({ db: app.services.db, blobs: blobStoreOf(app.config), file: archive });
  assert.is(counts.missing, 0);
  const listed = (await admin.get('/api/media?limit=100')).body as Media[];
  const files = listed.reduce((sum, item) => sum + 1 + item.variants.length, 0);
  assert.is(counts.blobs, files, 'each file of each image still in the library, none of the deleted one');

  // The target: an empty photo folder, and an empty database (PostgreSQL with TEST_DATABASE_URL, else embedded in it).
  const dataDir = path.join(root, 'destino');
  const database = usingPostgres ? await freshDatabase() : null;
  const db = database?.db ?? (await openDb({ dataDir }));
  try {
    const result = await restoreBackup({ db, blobs: blobStoreOf({ ...app.config, dataDir }), file: archive });
    assert.is(result.blobs, files);
  } finally {
    await db.close();
  }
  const moved = await startTestApp({ dataDir, databaseUrl: database?.databaseUrl ?? null }, {}, { configuredDatabase: true });
  try {
    for (const [index, url] of urls.entries()) {
      const answer = await fetch(moved.base + url);
      assert.is(answer.status, 200, url);
      assert.ok(Buffer.from(await answer.arrayBuffer()).equals(before[index]), `${url}: the same bytes`);
    }
    assert.is((await fetch(moved.base + gone.url)).status, 404);
  } finally {
    await moved.close();
    await database?.drop();
  }
});

test.run();
