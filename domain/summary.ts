// The 'Resumen' figures (docs/summary.md): what each chart's endpoint answers, the admin's response
// target, and the words that say each figure. The page, its PDF, its CSV files and the weekly e-mail
// all word the figures through this module, so they always say the same thing.
import { z } from 'zod';
import { formatCalendarDay, formatDateTime } from './dates';
import { addWeeksToDay, formatWeekLabel } from './weeks';
import { formatDuration } from './schemas/inbox';

/** Each chart shows this many weeks, beside the same number of weeks before them. */
export const summaryWeeks = 12;

/** A form saved on the device more than this long before the server received it arrived late from the field. */
export const lateFromFieldMs = 60 * 60 * 1000;

/** The time-to-first-answer target until an admin sets one. */
export const defaultResponseTargetHours = 24;

/** The admin's settings of the summary: PUT /api/summary/settings. */
export const summarySettingsInput = z.object({
  responseTargetHours: z
    .number({ error: 'Indique el objetivo en horas' })
    .int({ error: 'El objetivo debe ser un número entero de horas' })
    .min(1, { error: 'El objetivo debe ser de al menos 1 hora' })
    .max(168, { error: 'El objetivo no puede pasar de 168 horas (una semana)' }),
});
export type SummarySettings = z.infer<typeof summarySettingsInput>;

/** An admin's own choice of the weekly summary by e-mail: PUT /api/account/weekly-summary. */
export const weeklySummaryInput = z.object({ weeklySummary: z.boolean({ error: 'Indique si desea recibir el resumen semanal' }) });

/** The weeks of a period, oldest first: the `count` weeks that end with the week starting `lastWeek`. */
export const weeksEndingWith = (lastWeek: string, count = summaryWeeks): string[] =>
  Array.from({ length: count }, (_, i) => addWeeksToDay(lastWeek, i - count + 1));

export type LeadCounts = { total: number; contact: number; publicForm: number; es: number; en: number };
type LeadsWeek = LeadCounts & { week: string };
export type LeadsSummary = {
  weeks: LeadsWeek[];
  /** The 12 weeks before, in the same order: week i of one beside week i of the other. */
  previousWeeks: LeadsWeek[];
  totals: { current: LeadCounts; previous: LeadCounts };
};

export type ResponseFigures = {
  received: number;
  answered: number;
  unanswered: number;
  medianMs: number | null;
  p90Ms: number | null;
  /** Answered within the target. */
  withinTarget: number;
};
type ResponseWeek = ResponseFigures & { week: string };
export type ResponseTimesSummary = { targetHours: number; weeks: ResponseWeek[]; totals: { current: ResponseFigures; previous: ResponseFigures } };

export type AdvanceFormCounts = { total: number; staff: number; public: number; late: number };
type AdvanceFormsWeek = AdvanceFormCounts & { week: string };
export type AdvanceFormsSummary = { lateAfterMinutes: number; weeks: AdvanceFormsWeek[]; totals: { current: AdvanceFormCounts; previous: AdvanceFormCounts } };

export type FeedCounts = { runs: number; fetched: number; created: number; filtered: number; failedRuns: number; failingSources: number };
type FeedsWeek = FeedCounts & { week: string };
/** A source with failed runs in the 12 weeks; `name` is null once the source was deleted. */
export type FailingSource = { id: string; name: string | null; failedRuns: number; lastError: string | null; lastFailedAt: string };
export type FeedsSummary = { weeks: FeedsWeek[]; totals: { current: FeedCounts; previous: FeedCounts }; failingSources: FailingSource[] };

/** Every chart's figures together: the PDF and the weekly e-mail. */
export type SummaryFigures = { leads: LeadsSummary; responseTimes: ResponseTimesSummary; advanceForms: AdvanceFormsSummary; feeds: FeedsSummary };
export type SummaryChart = keyof SummaryFigures;

export const summaryTitles: Record<SummaryChart, string> = {
  leads: 'Contactos por semana',
  responseTimes: 'Tiempo hasta la primera respuesta',
  advanceForms: 'Formularios de avanzada por semana',
  feeds: 'Importación de fuentes RSS',
};

// A no-break space keeps '13 %' on one line.
const pct = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}\u00a0%`);
const duration = (ms: number | null) => (ms === null ? 'sin datos' : formatDuration(ms));

/** '+12 % frente a las 12 semanas anteriores (30)'. */
function versus(current: number, previous: number): string {
  const change =
    previous === 0
      ? current === 0
        ? 'igual'
        : 'sin datos para comparar'
      : `${current >= previous ? '+' : '−'}${Math.round((Math.abs(current - previous) / previous) * 100)}\u00a0%`;
  return `${change} frente a las ${summaryWeeks} semanas anteriores (${previous})`;
}

/** The period a summary covers: 'del 11 de agosto, 2025 al 9 de noviembre, 2025' (Monday of the first week to Sunday of the last). */
export function periodLabel(weeks: readonly { week: string }[]): string {
  if (weeks.length === 0) return '';
  const [y, m, d] = weeks[weeks.length - 1].week.split('-').map(Number);
  const sunday = new Date(Date.UTC(y, m - 1, d + 6)).toISOString().slice(0, 10);
  return `del ${formatCalendarDay(weeks[0].week)} al ${formatCalendarDay(sunday)}`;
}

/** 'Boletín: 2 importación(es) fallida(s), la última el 25 de septiembre, 2025, 15:25 (La fuente respondió 503).' */
const failingSourceSentence = (s: FailingSource) =>
  `${s.name ?? 'Fuente eliminada'}: ${s.failedRuns} importación(es) fallida(s), la última el ${formatDateTime(s.lastFailedAt)}${s.lastError ? ` (${s.lastError})` : ''}.`;

/** Each chart's figures as sentences: beside the chart, in the PDF and in the e-mail. */
export const summarySentences: { [C in SummaryChart]: (summary: SummaryFigures[C]) => string[] } = {
  leads: ({ totals: { current, previous } }) => [
    `${current.total} contacto(s) en ${summaryWeeks} semanas: ${versus(current.total, previous.total)}.`,
    `Por origen: formulario de contacto ${current.contact}, formulario de avanzada público ${current.publicForm}.`,
    `Por edición: español ${current.es}, inglés ${current.en}.`,
  ],
  responseTimes: ({ targetHours, totals: { current, previous } }) => [
    `Mediana hasta la primera respuesta: ${duration(current.medianMs)}; percentil 90: ${duration(current.p90Ms)} (objetivo: ${targetHours} h).`,
    `${current.withinTarget} de ${current.received} mensaje(s) respondido(s) dentro del objetivo (${pct(current.withinTarget, current.received)}); ${current.unanswered} sin responder.`,
    `Las ${summaryWeeks} semanas anteriores: mediana ${duration(previous.medianMs)}, percentil 90 ${duration(previous.p90Ms)}.`,
  ],
  advanceForms: ({ lateAfterMinutes, totals: { current, previous } }) => [
    `${current.total} formulario(s) en ${summaryWeeks} semanas: ${versus(current.total, previous.total)}.`,
    `Del personal ${current.staff}, del formulario público ${current.public}.`,
    `${current.late} llegaron tarde desde el campo (${pct(current.late, current.total)}): guardados en el dispositivo más de ${formatDuration(lateAfterMinutes * 60_000)} antes de recibirse.`,
  ],
  feeds: ({ totals: { current }, failingSources }) => [
    `${current.created} artículo(s) importado(s) de ${current.fetched} leído(s) en ${current.runs} importación(es); ${current.filtered} rechazado(s) por los filtros.`,
    failingSources.length === 0
      ? 'Ninguna fuente falló.'
      : `Fuentes con fallos: ${failingSources.length}. ${failingSources.map(failingSourceSentence).join(' ')}`,
  ],
};

/** What one week of each chart says: the weekly e-mail leads with the week that just ended. */
export const weekSentences: { [C in SummaryChart]: (summary: SummaryFigures[C]) => string } = {
  leads: ({ weeks }) => {
    const w = weeks[weeks.length - 1];
    return `La última semana: ${w.total} contacto(s) (formulario de contacto ${w.contact}, formulario público ${w.publicForm}; español ${w.es}, inglés ${w.en}).`;
  },
  responseTimes: ({ weeks }) => {
    const w = weeks[weeks.length - 1];
    return `La última semana: ${w.received} mensaje(s), mediana ${duration(w.medianMs)}, percentil 90 ${duration(w.p90Ms)}, ${w.unanswered} sin responder.`;
  },
  advanceForms: ({ weeks }) => {
    const w = weeks[weeks.length - 1];
    return `La última semana: ${w.total} formulario(s), ${w.late} tarde desde el campo.`;
  },
  feeds: ({ weeks }) => {
    const w = weeks[weeks.length - 1];
    return `La última semana: ${w.created} importado(s), ${w.filtered} rechazado(s) por filtros, ${w.failingSources} fuente(s) con fallos.`;
  },
};

/** The charts in the order the page, the PDF and the e-mail show them. */
export const summaryCharts: SummaryChart[] = ['leads', 'responseTimes', 'advanceForms', 'feeds'];

/** A chart's table, as the page (for screen readers), the PDF and the CSV show it. */
export type SummaryTable = { header: string[]; rows: (string | number)[][] };

const ms = (value: number | null) => (value === null ? '' : formatDuration(value));

export const summaryTables: { [C in SummaryChart]: (summary: SummaryFigures[C]) => SummaryTable } = {
  leads: ({ weeks, previousWeeks }) => ({
    header: ['Semana', 'Total', 'Formulario de contacto', 'Formulario de avanzada público', 'Español', 'Inglés', 'Total 12 semanas antes'],
    rows: weeks.map((w, i) => [formatWeekLabel(w.week), w.total, w.contact, w.publicForm, w.es, w.en, previousWeeks[i]?.total ?? 0]),
  }),
  responseTimes: ({ weeks }) => ({
    header: ['Semana', 'Recibidos', 'Respondidos', 'Sin responder', 'Mediana', 'Percentil 90', 'Dentro del objetivo'],
    rows: weeks.map((w) => [formatWeekLabel(w.week), w.received, w.answered, w.unanswered, ms(w.medianMs), ms(w.p90Ms), w.withinTarget]),
  }),
  advanceForms: ({ weeks }) => ({
    header: ['Semana', 'Total', 'Del personal', 'Del formulario público', 'Tarde desde el campo'],
    rows: weeks.map((w) => [formatWeekLabel(w.week), w.total, w.staff, w.public, w.late]),
  }),
  feeds: ({ weeks }) => ({
    header: ['Semana', 'Importaciones', 'Leídos', 'Importados', 'Rechazados por filtros', 'Importaciones fallidas', 'Fuentes con fallos'],
    rows: weeks.map((w) => [formatWeekLabel(w.week), w.runs, w.fetched, w.created, w.filtered, w.failedRuns, w.failingSources]),
  }),
};

/** The file names of the CSV downloads: 'resumen-contactos-2025-11-03.csv'. */
export const summaryCsvNames: Record<SummaryChart, string> = {
  leads: 'contactos',
  responseTimes: 'tiempos-de-respuesta',
  advanceForms: 'formularios',
  feeds: 'fuentes-rss',
};
