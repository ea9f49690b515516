// `npm run bench:lighthouse`: Lighthouse's mobile profile (a mid-range phone on a slow 4G link, as
// Lighthouse simulates it) on every public page in Spanish and English, against the production build
// with 40 published articles, each with a photo of the media library (served from the site itself,
// made here from generated images), and its four scores per page: performance, accessibility, best
// practices and SEO, beside the metrics behind the first.
// `--runs=3` measures each page three times and prints the median (the figures move with the machine's
// load, printed at the start and the end); `SKIP_BUILD=1` reuses dist/ as it is. Writes bench/out/lighthouse.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { articleRecord } from './lib/articles';
import { siteAdmin, startSite } from '../scripts/dev-site';
import { lighthouseReport } from './lib/lighthouse-run';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

const runs = Math.max(1, Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 1));
const articleCount = 40;
const photoCount = 8;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** A photo-like JPEG (smooth colour fields and grain, 1600 × 900), different for each `index`. */
async function photo(index: number): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = index * 7919 + 1;
  const grain = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) / 16;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (40 + ((x * (index + 2)) / width) * 120 + grain()) & 255;
      pixels[at + 1] = (30 + (y / height) * 90 + Math.sin((x + index * 50) / 90) * 25 + grain()) & 255;
      pixels[at + 2] = (70 + (((x + y) * (8 - index)) / (width + height)) * 60 + grain()) & 255;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** 40 published articles through the API, each with one of the library's photos; the newest one's slug. */
async function writeArticles(baseURL: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(siteAdmin) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { Cookie: cookie, Origin: baseURL };
  const photos: string[] = [];
  for (let i = 0; i < photoCount; i++) {
    const uploaded = await fetch(`${baseURL}/api/media`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await photo(i)),
    });
    if (uploaded.status !== 201) throw new Error(`POST /api/media: ${uploaded.status} ${await uploaded.text()}`);
    photos.push(((await uploaded.json()) as { url: string }).url);
  }
  let newest = { slug: '', publishedAt: '' };
  for (let i = 0; i < articleCount; i++) {
    const record = articleRecord(i);
    const article = {
      title: record.title,
      slug: record.slug,
      excerpt: record.excerpt,
      content: record.content,
      category: record.category,
      author: record.author,
      publishedAt: record.publishedAt,
      image: photos[i % photos.length],
      imageAlt: `Fotografía ilustrativa del artículo ${i}`,
      ...(i % 4 === 0
        ? { englishTitle: `Article ${i} in English`, englishExcerpt: 'A short English summary of the article.', englishContent: '<p>English text.</p>' }
        : {}),
    };
    const created = await fetch(`${baseURL}/api/news`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(article),
    });
    if (created.status !== 201) throw new Error(`POST /api/news: ${created.status} ${await created.text()}`);
    if (article.publishedAt > newest.publishedAt) newest = { slug: article.slug, publishedAt: article.publishedAt };
  }
  return newest.slug;
}

type Scores = Record<(typeof categories)[number], number>;
type Metrics = Record<(typeof metrics)[number], number>;

async function measure(url: string): Promise<{ scores: Scores; metrics: Metrics }> {
  const { categories: found, audits } = await lighthouseReport(url, categories);
  return {
    scores: Object.fromEntries(categories.map((key) => [key, Math.round((found[key]?.score ?? 0) * 100)])) as Scores,
    metrics: Object.fromEntries(metrics.map((key) => [key, audits[key]?.numericValue ?? NaN])) as Metrics,
  };
}

const loadBefore = load();
const site = await startSite({ sampleArticles: false });
try {
  const slug = await writeArticles(site.baseURL);
  const spanish = ['/', '/servicios', '/noticias', `/noticias/${slug}`, '/contacto', '/formulario-avanzada'];
  const english = ['/en', '/en/services', '/en/news', `/en/news/${slug}`, '/en/contact', '/en/advance-form'];
  console.log(`${articleCount} artículos con foto; ${runs} medición(es) por página; carga de la máquina (1/5/15 min): ${loadBefore}`);
  const rows: Record<string, unknown>[] = [];
  for (const route of [...spanish, ...english]) {
    const measured: Awaited<ReturnType<typeof measure>>[] = [];
    const unmeasured: string[] = [];
    for (let run = 0; run < runs; run++) {
      try {
        measured.push(await measure(site.baseURL + route));
      } catch (error) {
        unmeasured.push((error as Error).message);
      }
    }
    // A page Lighthouse could not measure in any run is reported as such; the others go on.
    if (measured.length === 0) {
      rows.push({ route, noMedida: unmeasured[0] });
      console.log(`${route}: no medida (${unmeasured[0]})`);
      continue;
    }
    const scores = Object.fromEntries(categories.map((key) => [key, median(measured.map((m) => m.scores[key]))])) as Scores;
    const metric = (key: (typeof metrics)[number]) => median(measured.map((m) => m.metrics[key]));
    const row = {
      route,
      ...scores,
      fcp: `${(metric('first-contentful-paint') / 1000).toFixed(1)} s`,
      lcp: `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`,
      tbt: `${Math.round(metric('total-blocking-time'))} ms`,
      cls: metric('cumulative-layout-shift').toFixed(3),
      runs: measured.map((m) => categories.map((key) => m.scores[key]).join('/')).join(' '),
      ...(unmeasured.length > 0 ? { noMedidas: unmeasured.length } : {}),
    };
    rows.push(row);
    console.log(`${route}: ${categories.map((key) => `${key} ${scores[key]}`).join(', ')} (FCP ${row.fcp}, LCP ${row.lcp}, TBT ${row.tbt}, CLS ${row.cls})`);
  }
  console.table(rows);
  const loadAfter = load();
  console.log(`Carga de la máquina al terminar (1/5/15 min): ${loadAfter}`);
  mkdirSync('bench/out', { recursive: true });
  writeFileSync(
    'bench/out/lighthouse.json',
    JSON.stringify({ measuredAt: new Date().toISOString(), runs, load: { before: loadBefore, after: loadAfter }, rows }, null, 2),
  );
} finally {
  await site.stop();
}
