// One Lighthouse report of a page, in a Chromium of its own (bench/lib/chrome.ts), for the benchmarks
// that score pages. Lighthouse sometimes cannot measure a page at all on a busy machine: its report then
// carries a `runtimeError` (the page painted nothing in time, the browser's protocol timed out) and
// every score of the categories it could not run is null, which a reader would take for a page scoring
// 0. Such a run is made again, up to three in all, each attempt's error printed; if none measures, the
// error is thrown, so the page is reported as not measured, not as scored.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromeFlags } from './chrome';

const attempts = 3;

export async function lighthouseReport(url: string, categories: readonly string[]): Promise<Result> {
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
    try {
      // No config: Lighthouse's default, the mobile profile.
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      const lhr = result?.lhr;
      const failure = !lhr
        ? 'sin informe'
        : lhr.runtimeError
          ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
          : categories.some((key) => lhr.categories[key]?.score == null)
            ? `sin puntuación en ${categories.filter((key) => lhr.categories[key]?.score == null).join(', ')}`
            : null;
      if (lhr && !failure) return lhr;
      lastError = failure ?? 'sin informe';
      console.log(`  Lighthouse no pudo medir ${url} (intento ${attempt} de ${attempts}): ${lastError}`);
    } finally {
      await chrome.kill();
    }
  }
  throw new Error(`Lighthouse no pudo medir ${url}: ${lastError}`);
}
