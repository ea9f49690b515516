// End-to-end tests: Debian's Chromium against the real server (built assets) and a fresh database.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './e2e/chromium-args';

export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  // A whole flow (sign in, fill a form, wait for autosave or a queue) takes 5-15 s on a quiet machine and
  // up to four times as long when both workers, the server and PostgreSQL share two slow cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: 'es-CR',
    timezoneId: 'America/Costa_Rica',
    trace: 'off',
    // No service worker unless a test asks for one (`test.use({ serviceWorkers: 'allow' })`, or
    // `serviceWorkers` on a context it makes): registering it fetches and compiles the whole precache,
    // and every request then passes through it, which doubled the CPU of opening the admin panel in a
    // new context. The tests of what works offline ask for it; the others test the pages.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${e2ePort}/api/services`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(e2ePort) },
  },
});
