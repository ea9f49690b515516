// Filling the advance form the way a person does, walking the domain's layout so every field of
// every section is covered (and a field added later is filled too), in the words of the page: the
// Spanish form's, or the English page's (englishForm).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { advanceFormSections, type FieldSpec } from '../../domain';
import { layoutWords } from '../../pwa/features/advance-form/layout-words';
import { advanceFormTexts, type AdvanceFormTexts } from '../../pwa/features/advance-form/texts';
import { advanceFormTextsEn } from '../../pwa/features/advance-form/texts.en';
import { expect } from '../fixtures';

/** What the test reads and types on one language's form. */
export type FormLanguage = { texts: AdvanceFormTexts; words: ReturnType<typeof layoutWords>; typedDate: string; answer: string };

const spanishForm: FormLanguage = {
  texts: advanceFormTexts,
  words: layoutWords(advanceFormTexts),
  // es-CR: day, month, year.
  typedDate: '05032027',
  answer: 'información de acción y ubicación',
};
export const englishForm: FormLanguage = {
  texts: advanceFormTextsEn,
  words: layoutWords(advanceFormTextsEn),
  // en-US: month, day, year.
  typedDate: '03052027',
  answer: 'details of the venue and its access',
};

const labelOf = (spec: FieldSpec, language: FormLanguage = spanishForm) => language.words.label(spec);

/** A small JPEG with a colour of its own, so the four photos differ. */
export async function jpegFixture(index: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const colors = ['#1d4ed8', '#b91c1c', '#15803d', '#a16207'];
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: colors[index % colors.length] } })
    .jpeg()
    .toBuffer();
  return { name: `foto-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer };
}

/**
 * The answer the test types for a field, in the page's language and naming the field so it can be
 * found again; a choice is the stored value (the second option), whatever the words shown for it.
 */
function answerFor(spec: FieldSpec, host: string, language: FormLanguage = spanishForm): string {
  if (spec.key === 'hostName') return host;
  switch (spec.kind) {
    case 'select':
      return spec.options[1] ?? spec.options[0];
    case 'number':
      return spec.key === 'estimatedAttendees' ? '45' : '4';
    case 'time':
      return '1930';
    case 'date':
      return language.typedDate;
    default:
      return `${language.words.label(spec).replace(/[¿?]/g, '')}: ${language.answer}`;
  }
}

async function fillField(page: Page, spec: FieldSpec, host: string, photoIndex: { next: number }, language: FormLanguage = spanishForm) {
  const label = labelOf(spec, language);
  const answer = answerFor(spec, host, language);
  const photo = language.texts.photo;
  switch (spec.kind) {
    case 'text':
    case 'textarea':
    case 'number':
      await page.getByLabel(label, { exact: true }).fill(answer);
      return;
    case 'date':
    case 'time': {
      const group = page.getByRole('group', { name: label, exact: true });
      await group.getByRole('spinbutton').first().click();
      await page.keyboard.type(answer);
      return;
    }
    case 'select':
      await page.getByRole('button', { name: new RegExp(`${escape(label)}$`) }).click();
      await page.getByRole('option', { name: language.words.option(answer), exact: true }).click();
      return;
    case 'switch':
      await turnOn(page, label);
      for (const detail of spec.details) await fillField(page, detail, host, photoIndex, language);
      return;
    case 'photo': {
      // The slot's own file input (FileTrigger's); the button-and-chooser path has its own test.
      const slot = page.getByRole('group', { name: label, exact: true });
      await expect(slot.getByRole('button', { name: `${photo.choose}: ${label}` })).toBeVisible();
      await slot.locator('input[type=file]').setInputFiles(await jpegFixture(photoIndex.next++));
      await expect(slot.getByText(photo.uploaded, { exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: photo.toastTitle })).toContainText(label);
      return;
    }
  }
}

/** Every field of every section, every switch on, a photo in every slot. */
export async function fillEverything(page: Page, host: string, language: FormLanguage = spanishForm) {
  const photoIndex = { next: 0 };
  for (const section of advanceFormSections) for (const spec of section.fields) await fillField(page, spec, host, photoIndex, language);
  return photoIndex.next;
}

/** Only the required fields. */
export async function fillRequired(page: Page, host: string, language: FormLanguage = spanishForm) {
  const photoIndex = { next: 0 };
  for (const section of advanceFormSections) {
    for (const spec of section.fields) if ('required' in spec && spec.required) await fillField(page, spec, host, photoIndex, language);
  }
}

/**
 * The form's code arrives at the visitor's first touch (pwa/lib/deferred-part.tsx): what a test checks
 * before touching anything (the connection it shows, say) needs it first, as a visitor's finger would.
 */
export async function touchForm(page: Page) {
  await page.locator('form input[type=text]').first().focus();
  await page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__react')));
}

/** A switch is turned on by pressing its visible label, as a finger does (the checkbox itself is hidden). */
export async function turnOn(page: Page, label: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${escape(label)}$`) })
    .click();
  await expect(page.getByRole('switch', { name: label, exact: true })).toBeChecked();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
