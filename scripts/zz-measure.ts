import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSite } from './dev-site';
const site = await startSite();
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const p of paths) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const rows: [string, number][] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (r) => { if (r.request().resourceType() !== 'script') return; pending.push(r.body().then((b) => { rows.push([r.url().split('/').pop()!, gzipSync(b, { level: 9 }).length]); })); });
  await page.goto(site.baseURL + p, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  console.log(p, (rows.reduce((a, r) => a + r[1], 0) / 1024).toFixed(2), rows.map(([n, s]) => `${n}:${(s / 1024).toFixed(1)}`).join(' '));
  await context.close();
}
await browser.close();
await site.stop();
