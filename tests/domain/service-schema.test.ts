// The staff dialog's service form: features typed one per line (a feature may hold commas), while the
// API still splits a text it is sent at its commas.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { featureLines, serviceForm, serviceInput } from '../../domain';

const base = { title: 'Análisis', description: 'D', category: 'C' };

test('the form splits lines only: commas stay, spaces around and blank lines go, any line ending', () => {
  assert.equal(featureLines(' Análisis 24/7, con informe \r\n\nInforme escrito\rOtra\n'), ['Análisis 24/7, con informe', 'Informe escrito', 'Otra']);
  assert.equal(serviceForm.parse({ ...base, features: 'Uno, dos\nTres' }).features, ['Uno, dos', 'Tres']);
  assert.equal(serviceForm.parse({ ...base, features: '' }).features, []);
  assert.equal(serviceForm.parse({ ...base, features: ['Ya, una lista'] }).features, ['Ya, una lista']);
});

test("the API's text is still split at its commas", () => {
  assert.equal(serviceInput.parse({ ...base, features: ' uno, dos ,, tres ' }).features, ['uno', 'dos', 'tres']);
});

test('the form refuses a feature too long or too many, on the field, in Spanish', () => {
  const long = serviceForm.safeParse({ ...base, features: `Corta\n${'x'.repeat(301)}` });
  assert.equal(
    long.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    [['features', 'Cada característica admite como máximo 300 caracteres']],
  );
  const many = serviceForm.safeParse({ ...base, features: Array.from({ length: 31 }, (_, i) => `C${i}`).join('\n') });
  assert.equal(
    many.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    [['features', 'Como máximo 30 características']],
  );
});

test.run();
