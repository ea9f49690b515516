// 'Resumen': four charts of the last 12 weeks drawn from the log (docs/summary.md), each with its figures
// in words beside it, its table (read by screen readers, shown with 'Ver tabla') and its CSV; the whole
// screen as a PDF; the response target (set by an admin). The charts come in a chunk of their own (uPlot).
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FileDown } from 'lucide-react';
import { Link } from 'wouter';
import {
  periodLabel,
  summarySentences,
  summarySettingsInput,
  summaryTables,
  summaryTitles,
  type SummaryChart,
  type SummaryFigures,
  type SummaryTable,
} from '../../../../domain';
import { ApiError } from '../../../lib/api';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { ListState, SectionHeader } from '../common/states';
import { accountSecurityPath, useSession } from '../session';
import { useDownloadCsv, useDownloadPdf, useSaveResponseTarget, useSummary, useSummarySettings } from './api';
import { ChartLegend, type ChartSeries } from './chart-series';
import { summaryTexts as t } from './texts';

const WeekChart = lazy(() => import('./WeekChart'));

const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 10) / 10);

/** What each chart draws: one drawing, or two side by side (leads by source and by edition). */
type Drawing = { title?: string; series: ChartSeries[]; integers?: boolean };
const drawings: { [C in SummaryChart]: (f: SummaryFigures[C]) => Drawing[] } = {
  leads: ({ weeks, previousWeeks }) => [
    {
      title: t.bySource,
      series: [
        { label: t.series.contact, kind: 'bar', color: 'navy', values: weeks.map((w) => w.contact) },
        { label: t.series.publicForm, kind: 'bar', color: 'accent', values: weeks.map((w) => w.publicForm) },
        { label: t.series.previousTotal, kind: 'line', color: 'amber', dashed: true, values: previousWeeks.map((w) => w.total) },
      ],
    },
    {
      title: t.byEdition,
      series: [
        { label: t.series.es, kind: 'bar', color: 'navy', values: weeks.map((w) => w.es) },
        { label: t.series.en, kind: 'bar', color: 'accent', values: weeks.map((w) => w.en) },
      ],
    },
  ],
  responseTimes: ({ weeks, targetHours }) => [
    {
      integers: false,
      series: [
        { label: `${t.series.median} (${t.hours})`, kind: 'line', color: 'navy', values: weeks.map((w) => hours(w.medianMs)) },
        { label: `${t.series.p90} (${t.hours})`, kind: 'line', color: 'accent', values: weeks.map((w) => hours(w.p90Ms)) },
        { label: `${t.series.target} (${targetHours} h)`, kind: 'line', color: 'amber', dashed: true, values: weeks.map(() => targetHours) },
      ],
    },
  ],
  advanceForms: ({ weeks }) => [
    {
      series: [
        { label: t.series.total, kind: 'bar', color: 'navy', values: weeks.map((w) => w.total) },
        { label: t.series.late, kind: 'bar', color: 'amber', values: weeks.map((w) => w.late) },
      ],
    },
  ],
  feeds: ({ weeks }) => [
    {
      series: [
        { label: t.series.created, kind: 'bar', color: 'navy', values: weeks.map((w) => w.created) },
        { label: t.series.filtered, kind: 'bar', color: 'accent', values: weeks.map((w) => w.filtered) },
        { label: t.series.failedRuns, kind: 'line', color: 'amber', values: weeks.map((w) => w.failedRuns) },
      ],
    },
  ],
};

export function SummaryTab() {
  const { siteName } = useSite();
  const { isAdmin } = useSession();
  const leads = useSummary('leads');
  const pdf = useDownloadPdf(siteName);
  return (
    <section aria-labelledby="summary-title">
      <SectionHeader
        id="summary-title"
        title={t.title}
        subtitle={leads.data ? t.subtitle(periodLabel(leads.data.weeks)) : undefined}
        action={
          <Button variant="outline" onPress={() => pdf.mutate()} isPending={pdf.isPending}>
            {!pdf.isPending && <FileDown className="size-4" aria-hidden="true" />}
            {pdf.isPending ? t.downloadingPdf : t.downloadPdf}
          </Button>
        }
      />
      {isAdmin && (
        <p className="mb-4 text-sm text-slate-600">
          <Link href={accountSecurityPath} className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
            {t.weeklyHint}
          </Link>
        </p>
      )}
      <div className="grid gap-4">
        <ChartCard chart="leads" />
        <ChartCard chart="responseTimes" extra={() => <ResponseTarget />} />
        <ChartCard chart="advanceForms" />
        <ChartCard chart="feeds" />
      </div>
    </section>
  );
}

/** `extra`: what a card shows under its figures (the target, the failing sources). */
function ChartCard<C extends SummaryChart>({ chart, extra }: { chart: C; extra?: (figures: SummaryFigures[C]) => ReactNode }) {
  const query = useSummary(chart);
  const csv = useDownloadCsv();
  const title = summaryTitles[chart];
  const headingId = `summary-${chart}`;
  return (
    <article aria-labelledby={headingId} data-chart={chart} className="rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {title}
        </h3>
        <Button variant="ghost" size="sm" aria-label={t.downloadCsvLabel(title)} onPress={() => csv.mutate(chart)} isPending={csv.isPending}>
          {!csv.isPending && <FileDown className="size-4" aria-hidden="true" />}
          {t.downloadCsv}
        </Button>
      </div>
      <ListState isPending={query.isPending} error={query.error} isEmpty={false} emptyText="" onRetry={() => void query.refetch()}>
        {query.data && (
          <ChartBody chart={chart} figures={query.data}>
            {extra?.(query.data)}
          </ChartBody>
        )}
      </ListState>
    </article>
  );
}

function ChartBody<C extends SummaryChart>({ chart, figures, children }: { chart: C; figures: SummaryFigures[C]; children?: ReactNode }) {
  const draw: (f: SummaryFigures[C]) => Drawing[] = drawings[chart];
  const sentences: (f: SummaryFigures[C]) => string[] = summarySentences[chart];
  const tableOf: (f: SummaryFigures[C]) => SummaryTable = summaryTables[chart];
  const parts = useMemo(() => draw(figures), [draw, figures]);
  const weeks = useMemo(() => figures.weeks.map((w) => w.week), [figures]);
  const title = summaryTitles[chart];
  return (
    <>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_15rem]">
        <div className={`grid gap-4 ${parts.length > 1 ? 'lg:grid-cols-2' : ''}`}>
          {parts.map((part) => (
            <figure key={part.title ?? 'chart'} className="min-w-0">
              {part.title && <figcaption className="mb-1 text-sm font-semibold text-slate-700">{part.title}</figcaption>}
              <Suspense fallback={<p className="flex min-h-[220px] items-center justify-center text-sm text-slate-600">{t.loadingChart}</p>}>
                <WeekChart
                  weeks={weeks}
                  series={part.series}
                  integers={part.integers ?? true}
                  label={t.chartLabel(part.title ? `${title}, ${part.title}` : title)}
                />
              </Suspense>
              <ChartLegend series={part.series} />
            </figure>
          ))}
        </div>
        <div className="flex flex-col gap-2 text-sm leading-relaxed text-slate-800" data-figures={chart}>
          {sentences(figures).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
          {children}
        </div>
      </div>
      <WeeklyTable caption={t.tableCaption(title)} table={tableOf(figures)} />
    </>
  );
}

/** Always read by screen readers; shown on screen with 'Ver tabla'. */
function WeeklyTable({ caption, table }: { caption: string; table: SummaryTable }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="mt-3">
      <Button variant="ghost" size="sm" aria-expanded={shown} aria-controls={id} onPress={() => setShown((s) => !s)}>
        {shown ? t.hideTable : t.showTable}
      </Button>
      <div id={id} className={shown ? 'mt-2 overflow-x-auto' : 'sr-only'}>
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-xs text-slate-600">
              {table.header.map((cell) => (
                <th key={cell} scope="col" className="px-2 py-1.5 font-semibold">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])} className="border-b border-slate-100 even:bg-slate-50">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="px-2 py-1 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The admin sets the target in whole hours; everyone else reads it. */
function ResponseTarget() {
  const { isAdmin } = useSession();
  const settings = useSummarySettings();
  const save = useSaveResponseTarget();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!settings.data) return null;
  if (!isAdmin) return <p className="text-slate-600">{t.targetReadOnly(settings.data.responseTargetHours)}</p>;
  const shown = value ?? String(settings.data.responseTargetHours);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = summarySettingsInput.safeParse({ responseTargetHours: shown.trim() === '' ? undefined : Number(shown.replace(',', '.')) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.targetInvalid);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => setValue(null),
      onError: (failure) => setError(failure instanceof ApiError ? (failure.fieldErrors.responseTargetHours ?? failure.serverMessage ?? undefined) : undefined),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t.targetTitle} className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3">
      <TextField label={t.targetLabel} inputMode="numeric" value={shown} onChange={setValue} errorMessage={error} description={t.targetHint} />
      <Button type="submit" size="sm" variant="outline" className="self-start" isPending={save.isPending}>
        {t.targetSave}
      </Button>
    </form>
  );
}
