// The Chromium that Lighthouse drives in the benchmarks: Debian's, with the end-to-end tests' switches
// (e2e/chromium-args.ts), headless.
import { chromiumArgs } from '../../e2e/chromium-args';

export const chromeFlags = ['--headless=new', ...chromiumArgs];
