// The advance form on a visitor's phone: rendered on the server with every label, indexable in both
// languages, light on a first visit (its code waits for the first touch, every module it needs
// modulepreloaded), hydrated without a shift, and nothing typed before its code arrived is lost.
// Also the sign-in page, whose console stays clean for a visitor.
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { closeWithEscape, expect, test } from '../fixtures';
import { waitForOfflineReady } from '../offline/helpers';
import { firstVisitScriptBudget, watchConsole, watchScripts } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

const meta = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];

test('the form is in the first HTML of both languages, with its own head, indexable', async ({ request, baseURL }) => {
  const pages = [
    { path: '/formulario-avanzada', twin: '/en/advance-form', lang: 'es', title: 'Formulario de Avanzada VIP', labels: ['Nombre del anfitrión *', 'Fecha del evento *', 'Guardar Formulario'] },
    { path: '/en/advance-form', twin: '/formulario-avanzada', lang: 'en', title: 'VIP Advance Form', labels: ["Host&#x27;s name *", 'Date of the event *', 'Send Form'] },
  ];
  for (const page of pages) {
    const response = await request.get(page.path);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-robots-tag']).toBeUndefined();
    const html = await response.text();
    expect(html).toContain(`<html lang="${page.lang}">`);
    expect(html).toMatch(new RegExp(`<title>${page.title} \\| [^<]+</title>`));
    expect(meta(html, 'description')?.length).toBeGreaterThan(80);
    expect(meta(html, 'robots')).toBeUndefined();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${page.path}" />`);
    expect(html).toContain(`href="${baseURL}${page.twin}"`);
    expect(html).toContain(`hreflang="x-default" href="${baseURL}/formulario-avanzada"`);
    for (const label of page.labels) expect(html, label).toContain(label);
    expect(html).not.toContain('<div id="root"></div>');
  }
});

test('with JavaScript off, the form shows its labels, help and buttons', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulario de Avanzada VIP' })).toBeVisible();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toBeVisible();
  await expect(page.getByText('Una imagen (JPEG, PNG, WebP, GIF o HEIC), máximo 10 MB.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar Formulario' })).toBeVisible();
  await context.close();
});

/** Sums the layout shifts of the page from its first paint (none caused by the visitor's own input). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const shifts = { sum: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.sum += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: { sum: number } }).shifts.sum);
}

const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector('form')!).some((key) => key.startsWith('__react')));

test('a phone loads the page light, hydrates the form at the first touch, and nothing moves', async ({ browser, baseURL }) => {
  for (const path of ['/formulario-avanzada', '/en/advance-form']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const layoutShift = await watchLayoutShift(page);
    const downloads = watchScripts(page);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    const scripts = await downloads.settled();
    const html = gunzipSafe(await response!.body());

    // The first visit: at most 100 KB of gzipped JavaScript, the form's code not among it, and every
    // module run before the load event named in the HTML (no script waits to be discovered).
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    expect(total, `${path}: ${scripts.map((s) => s.url).join(', ')}`).toBeLessThanOrEqual(firstVisitScriptBudget);
    expect(scripts.some((script) => /AdvanceFormScreen|AdvanceForm-|DatePicker/.test(script.url))).toBe(false);
    const undiscovered = scripts.filter((script) => script.beforeLoad && !html.includes(`"${script.url}"`)).map((script) => script.url);
    expect(undiscovered, `${path}: scripts the HTML does not name`).toEqual([]);
    expect(await hydrated(page)).toBe(false);

    await page.getByRole('textbox').first().tap();
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await layoutShift()).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  }
});

/**
 * A visitor's page whose form code is held back until `release` (no worker: it would fetch the code
 * itself); `held` the page's own chunk instead, so React has not even hydrated the page around the form.
 */
async function heldForm(browser: Browser, baseURL: string | undefined, held: RegExp = /AdvanceFormPublicScreen/) {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release, close: () => context.close() };
}

test('what is typed, ticked and pressed before the code arrives is kept', async ({ browser, baseURL }) => {
  const { page, release, close } = await heldForm(browser, baseURL);
  const errors = watchConsole(page);
  // Every step below happens before the form's code arrives.
  await page.goto('/formulario-avanzada');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill('Ana Pérez');
  await page.getByLabel('Número estimado de asistentes *', { exact: true }).fill('');
  await page.getByRole('group', { name: 'Fecha del evento *', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type('05032027');
  await page.locator('label').filter({ hasText: /^¿Cuenta con parqueo seguro\?$/ }).click();
  await page.getByRole('button', { name: /Naturaleza del evento \*$/ }).click();
  expect(await hydrated(page)).toBe(false);
  release();

  await expect(page.getByRole('listbox')).toBeVisible();
  await closeWithEscape(page, page.getByRole('listbox'));
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue('Ana Pérez');
  // The number field was left empty: it became 0, as when the visitor leaves it with the code loaded.
  await expect(page.getByLabel('Número estimado de asistentes *', { exact: true })).toHaveValue('0');
  await expect(page.getByRole('switch', { name: '¿Cuenta con parqueo seguro?' })).toBeChecked();
  await expect(page.getByLabel('Detalles del parqueo')).toBeVisible();
  const date = page.getByRole('group', { name: 'Fecha del evento *', exact: true }).getByRole('spinbutton');
  await expect(date.nth(0)).toHaveAttribute('aria-valuenow', '5');
  await expect(date.nth(1)).toHaveAttribute('aria-valuenow', '3');
  await expect(date.nth(2)).toHaveAttribute('aria-valuenow', '2027');
  expect(errors).toEqual([]);
  await close();
});

test('a switch pressed before the code arrives and let go once the form has hydrated is switched on, once', async ({ browser, baseURL }) => {
  const { page, release, close } = await heldForm(browser, baseURL);
  await page.goto('/formulario-avanzada');
  // The page around the form has hydrated (the form listens for the first touch); the form's code is held.
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('header')!).some((key) => key.startsWith('__react')))).toBe(true);
  const label = page.locator('label').filter({ hasText: /^¿Cuenta con parqueo seguro\?$/ });
  await label.scrollIntoViewIfNeeded();
  const box = (await label.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The finger goes down (the code is asked for), the code arrives and the form hydrates, then it lifts.
  await page.mouse.down();
  const arrived = page.waitForResponse(/AdvanceFormPublicScreen/);
  release();
  await arrived;
  await expect.poll(() => hydrated(page)).toBe(true);
  const nextTask = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await nextTask();
  await page.mouse.up();
  const parking = page.getByRole('switch', { name: '¿Cuenta con parqueo seguro?' });
  await expect(parking).toBeChecked();
  await expect(page.getByLabel('Detalles del parqueo')).toBeVisible();
  // Switched once: still on after the tasks that follow the click.
  await nextTask();
  await expect(parking).toBeChecked();
  await close();
});

test('typing that goes on while the code arrives, on a slow phone, lands where it was typed, once', async ({ browser, baseURL }) => {
  const { page, release, close } = await heldForm(browser, baseURL);
  await page.goto('/formulario-avanzada');
  const date = page.getByRole('group', { name: 'Fecha del evento *', exact: true }).getByRole('spinbutton');
  const time = page.getByRole('group', { name: 'Hora del evento *', exact: true }).getByRole('spinbutton');
  await date.first().click();
  await page.keyboard.type('050');
  expect(await hydrated(page)).toBe(false);
  // From here on, a phone many times slower than this machine: the code hydrates and replays while the
  // keys go on, and the click on the time comes while the replay is still typing the year. (Slowed from
  // the start, loading the page took about half of the test's 40 CPU-s, with nothing of the form to try.)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  release();
  await page.keyboard.type('32027');
  await time.first().click();
  await page.keyboard.type('1930');
  await expect(date.nth(0)).toHaveAttribute('aria-valuenow', '5');
  await expect(date.nth(1)).toHaveAttribute('aria-valuenow', '3');
  await expect(date.nth(2)).toHaveAttribute('aria-valuenow', '2027');
  await expect(time.nth(0)).toHaveAttribute('aria-valuenow', '19');
  await expect(time.nth(1)).toHaveAttribute('aria-valuenow', '30');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await close();
});

test("a press on 'Guardar Formulario' before the code arrives is answered once it does", async ({ browser, baseURL }) => {
  const { page, release, close } = await heldForm(browser, baseURL);
  const pageRequests: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && request.method() === 'POST' && pageRequests.push(request.url()));
  await page.goto('/formulario-avanzada');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  release();
  await expect(page.getByText('El nombre del anfitrión es requerido').first()).toBeVisible();
  // Not sent as a plain page request meanwhile.
  expect(pageRequests).toEqual([]);
  await expect(page).toHaveURL(/\/formulario-avanzada$/);
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toBeFocused();
  await close();
});

test("'Cancelar' and 'Guardar Formulario' pressed while the page itself is still hydrating are answered once it has", async ({ browser, baseURL }) => {
  for (const path of ['/formulario-avanzada', '/en/advance-form']) {
    const { page, release, close } = await heldForm(browser, baseURL, /AdvanceFormPublicPage|EnglishAdvanceFormPage/);
    await page.goto(path);
    const english = path.startsWith('/en');
    await page.getByRole('button', { name: english ? 'Cancel' : 'Cancelar' }).click();
    expect(await hydrated(page)).toBe(false);
    release();
    await expect(page).toHaveURL(english ? /\/en$/ : /127\.0\.0\.1:\d+\/$/);
    await close();
  }
  const { page, release, close } = await heldForm(browser, baseURL, /AdvanceFormPublicPage/);
  const pageRequests: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && request.method() === 'POST' && pageRequests.push(request.url()));
  await page.goto('/formulario-avanzada');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  release();
  await expect(page.getByText('El nombre del anfitrión es requerido').first()).toBeVisible();
  // Never sent as a plain page request meanwhile.
  expect(pageRequests).toEqual([]);
  await expect(page).toHaveURL(/\/formulario-avanzada$/);
  await close();
});

test('a time typed while the page itself is still hydrating is kept, every digit', async ({ browser, baseURL }) => {
  const { page, release, close } = await heldForm(browser, baseURL, /AdvanceFormPublicPage/);
  await page.goto('/formulario-avanzada');
  const time = page.getByRole('group', { name: 'Hora del evento *', exact: true }).getByRole('spinbutton');
  await time.first().click();
  await page.keyboard.type('1930');
  expect(await hydrated(page)).toBe(false);
  release();
  await expect(time.nth(0)).toHaveAttribute('aria-valuenow', '19');
  await expect(time.nth(1)).toHaveAttribute('aria-valuenow', '30');
  await close();
});

test('a visitor who saw only the home page opens the form with no signal, and it works', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/');
  await waitForOfflineReady(page);
  await context.setOffline(true);
  // Never opened online: the worker's app shell renders it in the browser, and its code is precached.
  await page.goto('/formulario-avanzada');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulario de Avanzada VIP' })).toBeVisible();
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill('Sin señal');
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'contraespionaje-offline'))).toBe(true);
  await context.setOffline(false);
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error))).toEqual([]);
  await context.close();
});

test('the sign-in page leaves a visitor’s console clean: nobody signed in is an answer, not a 401', async ({ page }) => {
  const errors = watchConsole(page);
  const failed: string[] = [];
  page.on('response', (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
  const session = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  await page.goto('/admin');
  expect((await session).status()).toBe(200);
  expect(await (await session).json()).toEqual({ user: null });
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

/** The page's HTML as sent (Playwright hands the body decoded; this tolerates either). */
function gunzipSafe(body: Buffer): string {
  try {
    return gunzipSync(body).toString('utf8');
  } catch {
    return body.toString('utf8');
  }
}
