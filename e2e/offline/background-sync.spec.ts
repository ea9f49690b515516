// The service worker's Background Sync: with no page of the app open, the browser wakes the worker
// (here through the DevTools protocol, as Chromium does when the connection returns) and the worker
// sends the queued form from IndexedDB by itself, once.
import { randomUUID } from 'node:crypto';
import { expect, test, unique } from '../fixtures';
import { completeValues, formsOf, jpeg, readDrafts, seedDraft, waitForOfflineReady } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test('the worker sends a queued form with its photo when the browser fires Background Sync, with no page of the app open', async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForOfflineReady(page);
  const host = unique('Sincronización en segundo plano');
  // Written by a form saved earlier; this page started before it existed, so its queue is not running.
  const photos = [{ field: 'emergencyExitsPhoto' as const, bytes: await jpeg([90, 40, 160]) }];
  await seedDraft(page, { id: randomUUID(), variant: 'public', ownerId: null, values: completeValues(host), state: 'pending', photos });
  await page.goto('about:blank');
  expect(await formsOf(api, host)).toHaveLength(0);

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL!, registrationId, tag: 'advance-form-drafts', lastChance: false });

  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  await page.goto('/');
  await expect.poll(async () => (await readDrafts(page)).filter((d) => d.values.hostName === host)).toHaveLength(0);
  await context.close();
});
