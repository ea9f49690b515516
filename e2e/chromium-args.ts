// The switches Debian's Chromium runs with in the end-to-end tests, whoever starts it (Playwright, or a
// test that starts it as its own process to kill it), and under Lighthouse in the benchmarks.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium preloads its address bar's pop-up (two web pages of its own) for every window, even
  // headless where nobody sees it: a sixth of the suite's CPU went to them.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
