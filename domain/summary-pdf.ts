// The 'Resumen' screen as a PDF, built in the browser with jsPDF (no Node API). Each chart: its title, its
// figures in words, a simple bar chart of its weekly numbers (drawn, not a picture of the screen), and
// its table. The words and tables come from summary.ts, so the PDF says what the screen says. Helvetica
// (a standard font) prints every Spanish letter; nothing else is needed.
import { jsPDF } from 'jspdf';
import { formatDateTime } from './dates';
import { formatWeekLabel } from './weeks';
import { PageFlow, stampPages, type Rgb, type TextStyle } from './pdf/page-flow';
import { toPdfText } from './pdf/text';
import {
  periodLabel,
  summaryCharts,
  summarySentences,
  summaryTables,
  summaryTitles,
  type SummaryChart,
  type SummaryFigures,
  type SummaryTable,
} from './summary';

export type SummaryPdfOptions = { companyName: string; generatedAt?: Date };

const texts = {
  title: 'Resumen',
  period: (period: string) => `Últimas 12 semanas, ${period} (semanas de lunes a domingo, hora de Costa Rica)`,
  generated: (when: string) => `Generado: ${when}`,
  confidential: 'Confidencial',
  page: (page: number, total: number) => `Página ${page} de ${total}`,
};

const page = { left: 15, right: 195, headerY: 10, contentTop: 20, contentBottom: 280, footerY: 287 };
const navy: Rgb = [22, 44, 78];
const ink: Rgb = [33, 37, 41];
const grey: Rgb = [102, 108, 116];
const hairline: Rgb = [222, 226, 230];
const stripe: Rgb = [244, 246, 248];
/** The bars' colours, the screen's: navy, then the accent's dark cyan. */
const barColors: Rgb[] = [
  [26, 40, 71],
  [14, 116, 144],
];

const style = {
  title: { size: 20, weight: 'bold', color: navy },
  meta: { size: 9, weight: 'normal', color: grey },
  chart: { size: 13, weight: 'bold', color: navy },
  sentence: { size: 9.5, weight: 'normal', color: ink },
  head: { size: 7, weight: 'bold', color: grey },
  cell: { size: 7.5, weight: 'normal', color: ink },
  axis: { size: 6.5, weight: 'normal', color: grey },
  header: { size: 8, weight: 'normal', color: grey },
  confidential: { size: 8, weight: 'bold', color: [160, 32, 40] },
} satisfies Record<string, TextStyle>;

/** Which weekly numbers each chart's bars show (at most two series, side by side). */
const bars: { [C in SummaryChart]: (figures: SummaryFigures[C]) => { label: string; values: number[] }[] } = {
  leads: ({ weeks }) => [
    { label: 'Formulario de contacto', values: weeks.map((w) => w.contact) },
    { label: 'Formulario público', values: weeks.map((w) => w.publicForm) },
  ],
  responseTimes: ({ weeks }) => [
    { label: 'Mediana (horas)', values: weeks.map((w) => (w.medianMs ?? 0) / 3_600_000) },
    { label: 'Percentil 90 (horas)', values: weeks.map((w) => (w.p90Ms ?? 0) / 3_600_000) },
  ],
  advanceForms: ({ weeks }) => [
    { label: 'Formularios', values: weeks.map((w) => w.total) },
    { label: 'Tarde desde el campo', values: weeks.map((w) => w.late) },
  ],
  feeds: ({ weeks }) => [
    { label: 'Importados', values: weeks.map((w) => w.created) },
    { label: 'Rechazados por filtros', values: weeks.map((w) => w.filtered) },
  ],
};

export function buildSummaryPdf(figures: SummaryFigures, options: SummaryPdfOptions): Uint8Array {
  const generatedAt = options.generatedAt ?? new Date();
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setCreationDate(generatedAt);
  doc.setProperties({
    title: toPdfText(`${texts.title} - ${options.companyName}`),
    author: toPdfText(options.companyName),
    creator: toPdfText(options.companyName),
  });
  const flow = new PageFlow(doc, { left: page.left, right: page.right, top: page.contentTop, bottom: page.contentBottom });

  flow.paragraph(texts.title, style.title);
  flow.paragraph(texts.period(periodLabel(figures.leads.weeks)), style.meta);
  flow.paragraph(texts.generated(formatDateTime(generatedAt)), style.meta);
  flow.gap(4);
  for (const chart of summaryCharts) drawChart(flow, chart, figures);

  stampPages(doc, (current, total) => {
    flow.textAt(flow.fit(options.companyName, style.header, 120), page.left, page.headerY, style.header);
    flow.textAt(texts.confidential, page.right, page.headerY, style.confidential, { align: 'right' });
    flow.textAt(texts.page(current, total), page.right, page.footerY, style.header, { align: 'right' });
  });
  return new Uint8Array(doc.output('arraybuffer'));
}

function drawChart<C extends SummaryChart>(flow: PageFlow, chart: C, figures: SummaryFigures) {
  const data = figures[chart];
  const sentences: (f: SummaryFigures[C]) => string[] = summarySentences[chart];
  const table: (f: SummaryFigures[C]) => SummaryTable = summaryTables[chart];
  const series: (f: SummaryFigures[C]) => { label: string; values: number[] }[] = bars[chart];
  // A chart's title stays with its words and its drawing.
  flow.ensure(90);
  flow.paragraph(summaryTitles[chart], style.chart);
  flow.gap(1);
  for (const sentence of sentences(data)) flow.paragraph(sentence, style.sentence);
  flow.gap(3);
  drawBars(
    flow,
    series(data),
    data.weeks.map((w) => w.week),
  );
  flow.gap(3);
  drawTable(flow, table(data));
  flow.gap(7);
}

/** Two series of bars side by side per week, a scale on the left, a legend below. */
function drawBars(flow: PageFlow, series: { label: string; values: number[] }[], weeks: string[]) {
  const height = 40;
  const axisWidth = 10;
  const top = flow.y;
  const left = page.left + axisWidth;
  const width = page.right - left;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const niceMax = niceCeiling(max);
  const doc = flow.doc;
  doc.setLineWidth(0.15);
  for (const step of [0, 0.5, 1]) {
    const y = top + height - height * step;
    doc.setDrawColor(...hairline);
    doc.line(left, y, page.right, y);
    flow.textAt(formatNumber(niceMax * step), left - 1.5, y, style.axis, { align: 'right', baseline: 'middle' });
  }
  const slot = width / weeks.length;
  const barWidth = (slot * 0.7) / series.length;
  series.forEach((s, i) => {
    doc.setFillColor(...barColors[i % barColors.length]);
    s.values.forEach((value, week) => {
      const h = (value / niceMax) * height;
      if (h > 0) doc.rect(left + week * slot + slot * 0.15 + i * barWidth, top + height - h, barWidth, h, 'F');
    });
  });
  // Every other week's label, so they never run into one another.
  weeks.forEach((week, i) => {
    if (i % 2 === weeks.length % 2) return;
    flow.textAt(formatWeekLabel(week).replace('semana del ', ''), left + i * slot + slot / 2, top + height + 1.5, style.axis, { align: 'center' });
  });
  flow.y = top + height + 6;
  let x = left;
  series.forEach((s, i) => {
    doc.setFillColor(...barColors[i % barColors.length]);
    doc.rect(x, flow.y + 0.6, 3, 3, 'F');
    flow.textAt(s.label, x + 4.5, flow.y + 0.3, style.axis);
    x += 8 + flow.textWidth(flow.text(s.label), style.axis);
  });
  flow.y += 5;
}

/** The chart's table: a header row, then a striped row per week; long tables continue on the next page. */
function drawTable(flow: PageFlow, table: SummaryTable) {
  const widths = columnWidths(table.header.length);
  const drawRow = (cells: (string | number)[], rowStyle: TextStyle, fill: Rgb | null) => {
    const lines = cells.map((cell, i) => flow.split(String(cell), rowStyle, widths[i] - 2));
    const height = Math.max(...lines.map((l) => l.length)) * flow.lineHeight(rowStyle) + 1.5;
    flow.ensure(height);
    if (fill) {
      flow.doc.setFillColor(...fill);
      flow.doc.rect(page.left, flow.y, page.right - page.left, height, 'F');
    }
    let x = page.left;
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, l) => flow.textAt(line, x + 1, flow.y + 0.75 + l * flow.lineHeight(rowStyle), rowStyle));
      x += widths[i];
    });
    flow.y += height;
  };
  drawRow(table.header, style.head, null);
  flow.rule(hairline);
  table.rows.forEach((row, i) => drawRow(row, style.cell, i % 2 === 0 ? stripe : null));
}

/** The first column (the week) wider; the others share the rest. */
function columnWidths(count: number): number[] {
  const total = page.right - page.left;
  const first = 34;
  return [first, ...Array.from({ length: count - 1 }, () => (total - first) / (count - 1))];
}

const niceCeiling = (value: number) => {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= value) ?? value;
};

const formatNumber = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1).replace('.', ','));
