// /api/summary: the 'Resumen' screen (docs/summary.md). One JSON answer per chart, each chart's numbers
// as CSV, and the response target. Staff read everything (collaborators too: docs/rules.md, 'Who may
// call what'); only an admin sets the target.
import type Router from '@koa/router';
import { apiRouter } from './router';
import { summaryCsvNames, summarySettingsInput, summaryTables, weekStartOf, type SummaryChart, type SummaryFigures, type SummarySettings } from '../../domain';
import { summarySettings, summarySettingsStreamId } from '../../events';
import { parseBody, runCommand, type AppServices } from '../context';
import { toCsv } from '../csv';
import { requireAdmin, requireStaff } from '../auth/access';

/** Each chart: its path under /api/summary and how its figures are read. */
const charts: { chart: SummaryChart; path: string }[] = [
  { chart: 'leads', path: '/leads' },
  { chart: 'responseTimes', path: '/response-times' },
  { chart: 'advanceForms', path: '/advance-forms' },
  { chart: 'feeds', path: '/feeds' },
];

export function summaryRoutes(services: AppServices) {
  const router = apiRouter('/api/summary');
  const summary = services.read.summary;
  // The 12 weeks shown end with the current one (still running).
  const figuresOf = <C extends SummaryChart>(chart: C): Promise<SummaryFigures[C]> => {
    const lastWeek = weekStartOf(new Date());
    const read: { [K in SummaryChart]: (week: string) => Promise<SummaryFigures[K]> } = summary;
    return read[chart](lastWeek);
  };

  for (const { chart, path } of charts) {
    router.get(path, requireStaff, async (ctx) => {
      ctx.body = await figuresOf(chart);
    });
    router.get(`${path}/export`, requireStaff, async (ctx) => {
      const table = csvTable(chart, await figuresOf(chart));
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`resumen-${summaryCsvNames[chart]}-${weekStartOf(new Date())}.csv`);
      ctx.body = toCsv(table.header, table.rows);
    });
  }

  addSettingsRoutes(router, services);
  return router;
}

/** A chart's table; the response times' durations also in plain hours, for a spreadsheet to add up. */
function csvTable<C extends SummaryChart>(chart: C, figures: SummaryFigures[C]) {
  const tables: { [K in SummaryChart]: (f: SummaryFigures[K]) => { header: string[]; rows: (string | number)[][] } } = summaryTables;
  const table = tables[chart](figures);
  if (chart !== 'responseTimes') return table;
  const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(2));
  const weeks = (figures as SummaryFigures['responseTimes']).weeks;
  return {
    header: [...table.header, 'Mediana (horas)', 'Percentil 90 (horas)', 'Objetivo (horas)'],
    rows: table.rows.map((row, i) => [...row, hours(weeks[i].medianMs), hours(weeks[i].p90Ms), (figures as SummaryFigures['responseTimes']).targetHours]),
  };
}

function addSettingsRoutes(router: Router, services: AppServices) {
  const current = async (): Promise<SummarySettings> => ({ responseTargetHours: await services.read.summary.responseTargetHours() });

  router.get('/settings', requireStaff, async (ctx) => {
    ctx.body = await current();
  });

  router.put('/settings', requireAdmin, async (ctx) => {
    const { responseTargetHours } = await parseBody(ctx, summarySettingsInput);
    const command = { type: 'Set' as const, responseTargetHours, current: (await current()).responseTargetHours };
    await runCommand(services, ctx, summarySettings, summarySettingsStreamId, command);
    ctx.body = await current();
  });
}
