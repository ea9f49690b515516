// The 'Resumen' PDF read back with pdftotext: every chart's title, its figures in words (accents and
// all, in Helvetica) and its weekly table, as the screen shows them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSummaryPdf } from '../../domain/summary-pdf';
import { summarySentences, weeksEndingWith, type SummaryFigures } from '../../domain';

const weeks = weeksEndingWith('2025-11-03');
const zeroLeads = { total: 0, contact: 0, publicForm: 0, es: 0, en: 0 };
const figures: SummaryFigures = {
  leads: {
    weeks: weeks.map((week, i) => ({ week, total: i, contact: i, publicForm: 0, es: i, en: 0 })),
    previousWeeks: weeksEndingWith('2025-08-11').map((week) => ({ week, ...zeroLeads, total: 1, contact: 1, es: 1 })),
    totals: { current: { total: 66, contact: 60, publicForm: 6, es: 50, en: 16 }, previous: { ...zeroLeads, total: 12, contact: 12, es: 12 } },
  },
  responseTimes: {
    targetHours: 8,
    weeks: weeks.map((week) => ({ week, received: 2, answered: 2, unanswered: 0, medianMs: 3_600_000, p90Ms: 7_200_000, withinTarget: 2 })),
    totals: {
      current: { received: 24, answered: 23, unanswered: 1, medianMs: 3_600_000, p90Ms: 9_000_000, withinTarget: 22 },
      previous: { received: 10, answered: 10, unanswered: 0, medianMs: 7_200_000, p90Ms: 36_000_000, withinTarget: 8 },
    },
  },
  advanceForms: {
    lateAfterMinutes: 60,
    weeks: weeks.map((week) => ({ week, total: 1, staff: 1, public: 0, late: 0 })),
    totals: { current: { total: 12, staff: 10, public: 2, late: 3 }, previous: { total: 6, staff: 6, public: 0, late: 0 } },
  },
  feeds: {
    weeks: weeks.map((week) => ({ week, runs: 4, fetched: 40, created: 5, filtered: 10, failedRuns: 0, failingSources: 0 })),
    totals: {
      current: { runs: 48, fetched: 480, created: 60, filtered: 120, failedRuns: 2, failingSources: 1 },
      previous: { runs: 0, fetched: 0, created: 0, filtered: 0, failedRuns: 0, failingSources: 0 },
    },
    failingSources: [{ id: 'x', name: 'Boletín Técnico', failedRuns: 2, lastError: 'La fuente respondió 404', lastFailedAt: '2025-11-04T12:00:00.000Z' }],
  },
};

const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;
if (pdftotextMissing) {
  test('pdftotext is installed', () => {
    throw new Error('pdftotext not found: run `apt-get install -y poppler-utils`');
  });
} else {
  test('the PDF says every chart with its figures and weekly table, accents included', () => {
    const bytes = buildSummaryPdf(figures, { companyName: 'Contraespionaje CR', generatedAt: new Date('2025-11-05T15:00:00Z') });
    const file = join(mkdtempSync(join(tmpdir(), 'resumen-')), 'resumen.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const title of ['Contactos por semana', 'Tiempo hasta la primera respuesta', 'Formularios de avanzada por semana', 'Importación de fuentes RSS']) {
      assert.match(text, title);
    }
    for (const sentence of [...summarySentences.leads(figures.leads), ...summarySentences.feeds(figures.feeds)])
      assert.match(text, sentence.replace(/\s+/g, ' '));
    assert.match(text, 'Mediana hasta la primera respuesta: 1 h; percentil 90: 2 h 30 min (objetivo: 8 h).');
    assert.match(text, 'semana del 3 de nov.');
    assert.match(text, 'Generado: 5 de noviembre, 2025, 09:00');
    assert.match(text, 'Página 1 de');
  });
}

test.run();
