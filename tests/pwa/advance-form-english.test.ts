// The advance form's English page: the same schema with English messages accepts and refuses exactly
// what the Spanish one does, never shows a Spanish message, and has an English word for every
// question and option the domain's layout shows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { advanceFormInput, advanceFormSchema, advanceFormSections, fieldErrors, type FieldSpec } from '../../domain';
import { layoutWords } from '../../pwa/features/advance-form/layout-words';
import { advanceFormTexts } from '../../pwa/features/advance-form/texts';
import { advanceFormTextsEn } from '../../pwa/features/advance-form/texts.en';
import { advanceForm, validForm } from '../helpers/forms';

const english = advanceFormSchema(advanceFormTextsEn.messages);
const spanishWords = /requerid|Seleccione|Indique|Máximo|Debe ser|inválid|demasiado/i;

const errorsOf = (schema: typeof advanceFormInput, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

test('valid answers come out the same through both schemas', () => {
  for (const input of [advanceForm(), validForm(), validForm({ language: 'en', hasSecurityGuards: true, guardsArmed: 'Algunos' })]) {
    assert.equal(english.parse(input), advanceFormInput.parse(input));
  }
});

test('bad answers are refused on the same fields, in English on the English page', () => {
  const cases: Record<string, unknown>[] = [
    {},
    advanceForm({ hostName: ' ', eventDate: '2026-02-30', eventNature: 'Boda', estimatedAttendees: 0 }),
    advanceForm({ hostPosition: 'x'.repeat(201), numberOfGuards: -3, guardsArmed: 'Quizás', firstAidKitLevel: 'Experto' }),
    advanceForm({ hasWiFi: 'tal vez', safeZonePhoto: 'ftp://foto', additionalObservations: 'y'.repeat(5001) }),
  ];
  for (const input of cases) {
    const spanish = errorsOf(advanceFormInput, input);
    const englishErrors = errorsOf(english, input);
    assert.ok(Object.keys(spanish).length > 0);
    assert.equal(Object.keys(englishErrors).sort(), Object.keys(spanish).sort());
    for (const [field, message] of Object.entries(englishErrors)) {
      assert.not.match(message, spanishWords, `${field}: ${message}`);
      assert.is.not(message, spanish[field], field);
    }
  }
  assert.is(errorsOf(english, {}).hostName, "Please enter the host's name");
  assert.is(errorsOf(english, advanceForm({ hostPosition: 'x'.repeat(201) })).hostPosition, 'Please keep this under 200 characters');
});

test('every section, question and option the form shows has its English words, none of them Spanish', () => {
  const en = layoutWords(advanceFormTextsEn);
  const es = layoutWords(advanceFormTexts);
  const fields: FieldSpec[] = advanceFormSections.flatMap((section) => section.fields.flatMap((f) => [f, ...(f.kind === 'switch' ? f.details : [])]));
  for (const section of advanceFormSections) assert.is.not(en.section(section), es.section(section), section.title);
  for (const field of fields) {
    assert.ok(en.label(field).trim(), field.key);
    assert.is.not(en.label(field), es.label(field), field.key);
    if (es.placeholder(field)) assert.ok(en.placeholder(field) && en.placeholder(field) !== es.placeholder(field), `${field.key} placeholder`);
    if (field.kind === 'select') for (const option of field.options) assert.ok(option === 'No' || en.option(option) !== option, option);
  }
});

test.run();
