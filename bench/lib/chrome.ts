// The Chromium that Lighthouse drives in the benchmarks: Debian's, with the end-to-end tests' flags
// (playwright.config.ts), headless.
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
