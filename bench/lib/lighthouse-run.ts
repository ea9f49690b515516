// One Lighthouse report of a page, in a Chromium of its own (bench/lib/chrome.ts), for the benchmarks
// that score pages. Lighthouse sometimes cannot measure a page at all on a busy machine: its report then
// carries a `runtimeError` (the page painted nothing in time, the browser's protocol timed out) and
// every score of the categories it could not run is null, which a reader would take for a page scoring
// 0; or the browser fails to start or drops its connection. Such a run is made again, up to three in
// all, each attempt's error printed; if none measures, the error is thrown, for the bench to report the
// page as not measured, not as scored.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromeFlags } from './chrome';

const attempts = 3;

/** Why a report is not a measurement (null when it is one). */
function failureOf(lhr: Result | undefined, categories: readonly string[]): string | null {
  if (!lhr) return 'sin informe';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const unscored = categories.filter((key) => lhr.categories[key]?.score == null);
  return unscored.length > 0 ? `sin puntuación en ${unscored.join(', ')}` : null;
}

export async function lighthouseReport(url: string, categories: readonly string[]): Promise<Result> {
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let chrome: chromeLauncher.LaunchedChrome | null = null;
    try {
      chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
      // No config: Lighthouse's default, the mobile profile.
      const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] }))?.lhr;
      const failure = failureOf(lhr, categories);
      if (lhr && failure === null) return lhr;
      lastError = failure ?? 'sin informe';
    } catch (error) {
      lastError = (error as Error).message;
    } finally {
      await chrome?.kill();
    }
    console.log(`  Lighthouse no pudo medir ${url} (intento ${attempt} de ${attempts}): ${lastError}`);
  }
  throw new Error(`Lighthouse no pudo medir ${url}: ${lastError}`);
}
