// Filling the advance form the way a person does, walking the domain's layout so every field of
// every section is covered (and a field added later is filled too).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { advanceFormSections, type FieldSpec } from '../../domain';
import { expect } from '../fixtures';

export const labelOf = (spec: FieldSpec) => spec.label + ('required' in spec && spec.required ? ' *' : '');

/** A small JPEG with a colour of its own, so the four photos differ. */
export async function jpegFixture(index: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const colors = ['#1d4ed8', '#b91c1c', '#15803d', '#a16207'];
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: colors[index % colors.length] } })
    .jpeg()
    .toBuffer();
  return { name: `foto-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** The answer the test types for a field: Spanish, accented, and naming the field so it can be found again. */
export function answerFor(spec: FieldSpec, host: string): string {
  if (spec.key === 'hostName') return host;
  switch (spec.kind) {
    case 'select':
      return spec.options[1] ?? spec.options[0];
    case 'number':
      return spec.key === 'estimatedAttendees' ? '45' : '4';
    case 'time':
      return '19:30';
    case 'date':
      return '05/03/2027';
    default:
      return `${spec.label.replace(/[¿?]/g, '')}: información de acción y ubicación`;
  }
}

export async function fillField(page: Page, spec: FieldSpec, host: string, photoIndex: { next: number }) {
  const label = labelOf(spec);
  const answer = answerFor(spec, host);
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
      await page.keyboard.type(answer.replace(/[/:]/g, ''));
      return;
    }
    case 'select':
      await page.getByRole('button', { name: new RegExp(`${escape(label)}$`) }).click();
      await page.getByRole('option', { name: answer, exact: true }).click();
      return;
    case 'switch':
      await turnOn(page, label);
      for (const detail of spec.details) await fillField(page, detail, host, photoIndex);
      return;
    case 'photo': {
      // The slot's own file input (FileTrigger's); the button-and-chooser path has its own test.
      const slot = page.getByRole('group', { name: label, exact: true });
      await expect(slot.getByRole('button', { name: `Seleccionar foto: ${label}` })).toBeVisible();
      await slot.locator('input[type=file]').setInputFiles(await jpegFixture(photoIndex.next++));
      await expect(slot.getByText('Foto subida', { exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Foto subida exitosamente' })).toContainText(label);
      return;
    }
  }
}

/** Every field of every section, every switch on, a photo in every slot. */
export async function fillEverything(page: Page, host: string) {
  const photoIndex = { next: 0 };
  for (const section of advanceFormSections) for (const spec of section.fields) await fillField(page, spec, host, photoIndex);
  return photoIndex.next;
}

/** Only the required fields. */
export async function fillRequired(page: Page, host: string) {
  const photoIndex = { next: 0 };
  for (const section of advanceFormSections) {
    for (const spec of section.fields) if ('required' in spec && spec.required) await fillField(page, spec, host, photoIndex);
  }
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
