// The advance form on the English page (/en/advance-form): every word a visitor reads is English
// (sections, questions, options, hints, errors, buttons, toasts, the draft and the confirmation), the
// answers are stored as on the Spanish form with the record's language, and the English words load
// with this page only.
import { advanceFormSections, type AdvanceForm } from '../../domain';
import { closeWithEscape, expect, test, unique } from '../fixtures';
import { formsOf, readDrafts, waitForOfflineReady } from '../offline/helpers';
import { englishForm, fillEverything, fillRequired, turnOn } from './fill';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test('the English form reads in English, from its sections to its options and photo hints', async ({ page }) => {
  await page.goto('/en/advance-form');
  await expect(page.getByRole('heading', { level: 1, name: 'VIP Advance Form' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Spanish/)).toHaveCount(0);
  for (const name of [
    '1. General Details of the Event or Meeting',
    '2. Logistics and Access',
    '3. Physical and Fire Safety',
    '4. Technical Security',
    '5. On-Site Security',
    '6. Additional Information',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Host's name *", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Length of the VIP's stay *", { exact: true })).toHaveAttribute('placeholder', 'e.g. 3 hours');
  await expect(page.getByRole('switch', { name: 'Is there secure parking?', exact: true })).toBeAttached();

  // No Spanish label, section title or placeholder is left on the page.
  const shown = await page.locator('main').innerText();
  for (const section of advanceFormSections) {
    expect(shown).not.toContain(section.title);
    for (const field of section.fields) expect(shown).not.toContain(field.label);
  }
  expect(shown).not.toMatch(/Seleccione|Guardar|Cancelar|Volver/);

  await page.getByRole('button', { name: /Type of event \*$/ }).click();
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option')).toHaveText(['Private dinner', 'Business meeting', 'Public event', 'Conference', 'Other']);
  await closeWithEscape(page, options);

  await turnOn(page, 'Is there a safe room or area?');
  const slot = page.getByRole('group', { name: 'Photo of the safe room or area', exact: true });
  await expect(slot).toContainText('One image (JPEG, PNG, WebP, GIF or HEIC), up to 10 MB.');
  const chooser = page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: 'Select photo: Photo of the safe room or area' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(slot.getByRole('alert')).toHaveText('Only images can be attached (JPEG, PNG, WebP, GIF or HEIC).');
  await turnOn(page, 'Is there a first-aid kit?');
  await page.getByRole('button', { name: /First-aid kit level$/ }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Basic', 'Intermediate', 'Advanced']);
});

test('an empty English form shows English errors field by field and focuses the first one', async ({ page }) => {
  await page.goto('/en/advance-form');
  await page.getByRole('button', { name: 'Send Form' }).click();
  await expect(page.getByLabel("Host's name *", { exact: true })).toBeFocused();
  for (const message of [
    "Please enter the host's name",
    "Please enter the host's position",
    'Please enter the date of the event',
    'Please enter the time of the event',
    'Please enter the address of the venue',
    'Please select the type of event',
    'Please enter the estimated number of attendees',
    'Please describe the emergency exits',
    'Please enter an emergency contact',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/requerid|Seleccione|Indique/)).toHaveCount(0);
  await page.getByLabel("Host's position *", { exact: true }).fill('x'.repeat(201));
  await page.getByRole('button', { name: 'Send Form' }).click();
  await expect(page.getByText('Please keep this under 200 characters', { exact: true })).toBeVisible();
});

test('a visitor sends the whole English form: English toasts, the English home, the answers stored as in Spanish', async ({ page, api, adminPage }) => {
  test.setTimeout(120_000);
  const host = unique('International Host');
  await page.goto('/en/advance-form');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/en');
  expect(await fillEverything(page, host, englishForm)).toBe(4);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/advance-forms/public') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send Form' }).click();
  expect((await created).status()).toBe(201);
  const toast = page.getByRole('region', { name: 'Notification' });
  await expect(toast.getByText('Form sent successfully')).toBeVisible();
  await expect(toast).toContainText('Our team will review the information and contact you shortly.');
  await expect(page).toHaveURL(/\/en$/);

  const [form] = (await formsOf(api, host)) as (AdvanceForm & { language?: string })[];
  expect(form.language).toBe('en');
  // The choices keep the values the Spanish form stores.
  expect([form.eventNature, form.firstAidKitLevel, form.guardsArmed]).toEqual(['Reunión de negocios', 'Intermedio', 'No']);
  expect([form.eventDate, form.eventTime, form.estimatedAttendees]).toEqual(['2027-03-05', '19:30', 45]);
  expect(form.parkingDetails).toBe('Parking details: details of the venue and its access');

  // Staff read it on the Spanish screens, told that it came from the English page.
  await adminPage.goto(`/admin/avanzadas/${form.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: host })).toBeVisible();
  await expect(adminPage.getByText('Sí [Intermedio]')).toBeVisible();
  await expect(adminPage.getByText('Idioma: Inglés')).toBeVisible();
});

test('Cancel on the English form goes back to the English home page', async ({ page }) => {
  await page.goto('/en/advance-form');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('the draft kept on the device is offered, and discarded, in English', async ({ page }) => {
  const host = unique('Draft Host');
  await page.goto('/en/advance-form');
  await page.getByLabel("Host's name *", { exact: true }).fill(host);
  // Saved within 300 ms of the change: on the device before the reload that should find it.
  await expect.poll(async () => (await readDrafts(page)).map((d) => d.values.hostName)).toEqual([host]);
  await page.reload();
  const offer = page.getByRole('region', { name: 'There is a saved draft of this form' });
  await expect(offer).toContainText(`${host}. Last saved on`);
  await expect(offer.getByRole('button', { name: 'Continue draft' })).toBeVisible();
  await offer.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard draft' });
  await expect(dialog).toContainText('1 answer and 0 photos saved on this device will be lost. This cannot be undone.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('region', { name: 'Notification' }).getByText('Draft discarded')).toBeVisible();
  await expect(page.getByLabel("Host's name *", { exact: true })).toHaveValue('');
});

test('sent with no signal from the English page, the form waits in the queue, and both toasts are English', async ({ browser, baseURL, api }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  const host = unique('Offline Host');
  await page.goto('/en/advance-form');
  await waitForOfflineReady(page);
  await fillRequired(page, host, englishForm);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Form' }).click();
  await expect(
    page.getByRole('region', { name: 'Notification' }).getByText('No connection: the form will be sent automatically when the connection returns'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/en$/);
  await context.setOffline(false);
  // The queue tells the visitor, still on the English pages, in English (the toast lasts 5 s: watched
  // first, while the server's copy is checked after it).
  await expect(page.getByRole('region', { name: 'Notification' }).getByText('1 pending form was sent')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  expect(((await formsOf(api, host))[0] as AdvanceForm & { language?: string }).language).toBe('en');
  await context.close();
});

test('the Spanish form page does not load the English words; the English page does', async ({ page }) => {
  // Each script the page receives is read again from the server by the test itself (the browser may no
  // longer hold a body: a page left, a worker's answer), outside the page's life, so a read still under
  // way when the test ends is no error; the checks wait for every read begun so far.
  const reads = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || reads.has(url)) return;
    const read = fetch(url).then((answer) => answer.text());
    read.catch(() => undefined);
    reads.set(url, read);
  });
  const loadedWords = async () => (await Promise.all(reads.values())).some((code) => code.includes('Private dinner'));
  // The form's code (and its words) loads when the visitor first reaches for a field.
  await page.goto('/formulario-avanzada');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).focus();
  await expect(page.getByRole('button', { name: 'Guardar Formulario' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads.size).toBeGreaterThan(0);
  expect(await loadedWords()).toBe(false);
  await page.goto('/en/advance-form');
  await page.getByLabel("Host's name *", { exact: true }).focus();
  await expect(page.getByRole('button', { name: 'Send Form' })).toBeVisible();
  // Its code comes with that first touch, whenever the device delivers it.
  await expect.poll(loadedWords).toBe(true);
});
