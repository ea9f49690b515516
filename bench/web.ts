// `npm run bench:web`: for each public route, the JavaScript and CSS a first visit downloads (gzipped
// bytes, and the bytes actually sent with the server's Brotli), then Lighthouse's mobile scores.
// Targets: at most 100 KB of gzipped JavaScript on every page it measures, in both languages (✓ or ✗ on
// each row); performance ≥ 95, accessibility 100, best practices ≥ 95 and SEO 100 on the home, the news
// list and an article in both languages, and SEO 100 on every English page.
// Runs the real app on a fresh in-memory database with five articles (scripts/dev-site.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSite } from '../scripts/dev-site';
import { chromeFlags } from './lib/chrome';
import { lighthouseReport } from './lib/lighthouse-run';

const jsTargetBytes = 100 * 1024;
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;

type Transfer = { js: number; css: number; jsSent: number; cssSent: number; files: number };

async function firstVisit(url: string): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags.slice(1) });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const totals: Transfer = { js: 0, css: 0, jsSent: 0, cssSent: 0, files: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const gz = gzipSync(body, { level: 9 }).length;
        totals.files++;
        if (type === 'script') {
          totals.js += gz;
          totals.jsSent += sizes.responseBodySize;
        } else {
          totals.css += gz;
          totals.cssSent += sizes.responseBodySize;
        }
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return totals;
}

async function lighthouseScores(url: string): Promise<Record<string, number> | string> {
  let lhr;
  try {
    lhr = await lighthouseReport(url, Object.keys(targets));
  } catch (error) {
    return (error as Error).message;
  }
  const { categories, audits } = lhr;
  const scores = Object.fromEntries(Object.keys(targets).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]));
  // The metrics behind the performance score, to see what to fix when it drops.
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  console.log(
    `  ${url}: ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`).join(', ')}${failing.length ? `; auditorías fallidas: ${failing.join(', ')}` : ''}`,
  );
  return scores;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const site = await startSite();
try {
  const spanish = ['/', '/servicios', '/noticias', `/noticias/${site.articleSlug}`, '/contacto', '/formulario-avanzada'];
  const routes = [...spanish, '/en', '/en/services', '/en/news', `/en/news/${site.articleSlug}`, '/en/contact', '/en/advance-form'];
  const scored = new Set(['/', '/noticias', `/noticias/${site.articleSlug}`, '/en', '/en/news', `/en/news/${site.articleSlug}`]);
  const seoOnly = new Set(['/en/services', '/en/contact']);
  const rows: Record<string, unknown>[] = [];
  let failures = 0;
  for (const route of routes) {
    const transfer = await firstVisit(site.baseURL + route);
    const measured = await lighthouseScores(site.baseURL + route);
    // A page Lighthouse could not measure (after its retries) is a miss of its own, not a score of 0.
    const scores = typeof measured === 'string' ? null : measured;
    const withinBudget = transfer.js <= jsTargetBytes;
    const misses = [
      ...(withinBudget ? [] : [`JS ${kb(transfer.js)} > 100 KB`]),
      ...(typeof measured === 'string' ? [measured] : []),
      ...(scores && scored.has(route)
        ? Object.entries(targets)
            .filter(([key, min]) => scores[key] < min)
            .map(([key, min]) => `${key} ${scores[key]} < ${min}`)
        : []),
      ...(scores && seoOnly.has(route) && scores.seo < targets.seo ? [`seo ${scores.seo} < ${targets.seo}`] : []),
    ];
    failures += misses.length;
    rows.push({
      route,
      jsGzip: kb(transfer.js),
      jsBudget: withinBudget ? '✓' : '✗',
      cssGzip: kb(transfer.css),
      jsSent: kb(transfer.jsSent),
      cssSent: kb(transfer.cssSent),
      files: transfer.files,
      ...scores,
      targets: misses.length ? misses.join('; ') : 'ok',
    });
    console.log(
      `${route}: JS ${kb(transfer.js)} gz ${withinBudget ? '✓' : '✗'} (${kb(transfer.jsSent)} enviados), CSS ${kb(transfer.css)} gz, Lighthouse ${JSON.stringify(scores)}${misses.length ? `  ✗ ${misses.join('; ')}` : ''}`,
    );
  }
  console.table(rows);
  mkdirSync('bench/out', { recursive: true });
  writeFileSync('bench/out/web.json', JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2));
  console.log(failures ? `${failures} objetivo(s) sin cumplir` : 'Todos los objetivos cumplidos');
  process.exitCode = failures ? 1 : 0;
} finally {
  await site.stop();
}
