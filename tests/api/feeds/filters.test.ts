import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesKeywords } from '../../../api/feeds/index';

const article = { title: 'Detectan MICRÓFONOS ocultos en una oficina', contentHtml: '<p>El <b>espionaje</b> corporativo crece en San José.</p>' };

test('no include keywords keeps everything', () => {
  assert.ok(matchesKeywords(article, [], []));
  assert.ok(matchesKeywords(article, ['', '  '], []));
});

test('include keywords match the title accent- and case-blind', () => {
  assert.ok(matchesKeywords(article, ['microfonos'], []));
  assert.ok(matchesKeywords(article, ['Micrófonos'], []));
  assert.not.ok(matchesKeywords(article, ['ciberataque'], []));
});

test('include keywords match the text of the content, not its markup', () => {
  assert.ok(matchesKeywords(article, ['ESPIONAJE'], []));
  assert.ok(matchesKeywords(article, ['san jose'], []), 'José folds to jose');
  assert.not.ok(matchesKeywords(article, ['<b>'], []));
  assert.not.ok(matchesKeywords(article, ['strong'], []));
});

test('any include keyword is enough', () => {
  assert.ok(matchesKeywords(article, ['ciberataque', 'oficina'], []));
});

test('one exclude match drops the item, even when an include keyword matches', () => {
  assert.not.ok(matchesKeywords(article, [], ['Jose']));
  assert.not.ok(matchesKeywords(article, ['microfonos'], ['corporativo']));
  assert.ok(matchesKeywords(article, ['microfonos'], ['deportes', '']));
});

test('multi-word keywords match across collapsed spaces', () => {
  assert.ok(matchesKeywords(article, ['espionaje   corporativo'], []));
});

test.run();
