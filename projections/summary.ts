// The 'Resumen' screen (docs/summary.md): its projector keeps one row per lead, per advance form and per
// feed import run, each with its Costa Rican week, and the response target; its queries count them per
// week over the last 12 weeks and the 12 before. Erased records are left out: their events no longer say
// what they were, so a rebuild could not count them.
import {
  addWeeksToDay,
  defaultResponseTargetHours,
  lateFromFieldMs,
  summaryWeeks,
  weekStartOf,
  weeksEndingWith,
  type AdvanceFormCounts,
  type AdvanceFormsSummary,
  type FailingSource,
  type FeedCounts,
  type FeedsSummary,
  type LeadCounts,
  type LeadsSummary,
  type ResponseFigures,
  type ResponseTimesSummary,
  type SummaryFigures,
} from '../domain';
import {
  isRedacted,
  typedProjector,
  unhandled,
  type AdvanceFormEvent,
  type ContactMessageEvent,
  type FeedSourceEvent,
  type Sql,
  type StoredEvent,
  type SummaryRecipient,
  type SummarySettingsEvent,
} from '../events';

type SummaryEvent =
  | Extract<ContactMessageEvent, { type: 'ContactMessageReceived' | 'ContactStatusChanged' | 'ContactMessageErased' }>
  | Extract<AdvanceFormEvent, { type: 'AdvanceFormSubmitted' | 'AdvanceFormErased' }>
  | Extract<FeedSourceEvent, { type: 'FeedSourceImported' }>
  | SummarySettingsEvent;

const summaryEventTypes: SummaryEvent['type'][] = [
  'ContactMessageReceived',
  'ContactStatusChanged',
  'ContactMessageErased',
  'AdvanceFormSubmitted',
  'AdvanceFormErased',
  'FeedSourceImported',
  'SummarySettingsChanged',
];

type Submitted = StoredEvent<Extract<AdvanceFormEvent, { type: 'AdvanceFormSubmitted' }>>;

/**
 * How long a form waited on the device between its last save ('Guardar Formulario' writes
 * completedOnSiteAt) and its sending, when it came through the device's queue of drafts. Measured on the
 * device's own clock when it told its time of sending, so a clock set wrong does not make forms look
 * late; otherwise against the server's time of receipt. A save cannot come after its own sending.
 */
function fieldDelayMs(event: Submitted): number | null {
  const { form, deviceTime, createdAt } = event.data;
  if (event.metadata.origin !== 'offline-sync' || !form.completedOnSiteAt) return null;
  const sentAt = Date.parse(deviceTime ?? createdAt);
  return Math.max(0, sentAt - Date.parse(form.completedOnSiteAt));
}

export const summaryProjector = typedProjector<SummaryEvent>({
  name: 'summary',
  handles: summaryEventTypes,
  async project(tx, event) {
    const at = event.recordedAt.toISOString();
    const week = weekStartOf(event.recordedAt);
    switch (event.type) {
      case 'ContactMessageReceived':
        if (isRedacted(event)) return;
        await tx.query('INSERT INTO summary_contacts (id, week, language, received_at) VALUES ($1, $2, $3, $4)', [
          event.streamId,
          week,
          event.data.language ?? 'es',
          at,
        ]);
        return;
      // The first answer is the first change of status away from unread (read, or resolved directly).
      case 'ContactStatusChanged':
        if (isRedacted(event)) return;
        await tx.query('UPDATE summary_contacts SET answered_at = $2 WHERE id = $1 AND answered_at IS NULL', [event.streamId, at]);
        return;
      case 'ContactMessageErased':
        await tx.query('DELETE FROM summary_contacts WHERE id = $1', [event.streamId]);
        return;
      case 'AdvanceFormSubmitted':
        if (isRedacted(event)) return;
        await tx.query('INSERT INTO summary_advance_forms (id, week, public, language, received_at, field_delay_ms) VALUES ($1, $2, $3, $4, $5, $6)', [
          event.streamId,
          week,
          event.data.submittedBy === null,
          event.data.form.language ?? 'es',
          at,
          fieldDelayMs(event),
        ]);
        return;
      case 'AdvanceFormErased':
        await tx.query('DELETE FROM summary_advance_forms WHERE id = $1', [event.streamId]);
        return;
      case 'FeedSourceImported': {
        const run = event.data;
        await tx.query(
          `INSERT INTO summary_feed_runs (position, source_id, week, at, fetched, created, filtered, failed, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [event.position, event.streamId, weekStartOf(run.at), run.at, run.fetched, run.created, run.filtered ?? 0, run.failed, run.error],
        );
        return;
      }
      case 'SummarySettingsChanged':
        await tx.query(
          'INSERT INTO summary_settings (id, response_target_hours) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET response_target_hours = excluded.response_target_hours',
          [event.data.responseTargetHours.to],
        );
        return;
      default:
        unhandled(event);
    }
  },
});

/** The read tables of the summary, emptied before a rebuild. */
export const summaryReadTables = ['summary_contacts', 'summary_advance_forms', 'summary_feed_runs', 'summary_settings'];

type Num = number | string | null;
const n = (value: Num) => Number(value ?? 0);
const msOf = (seconds: Num) => (seconds === null ? null : Math.round(Number(seconds) * 1000));

/** The two periods: the 12 weeks ending with `lastWeek`, and the 12 before them. */
function periodsOf(lastWeek: string) {
  const weeks = weeksEndingWith(lastWeek);
  const previousWeeks = weeksEndingWith(addWeeksToDay(lastWeek, -summaryWeeks));
  return { weeks, previousWeeks, from: previousWeeks[0], split: weeks[0], to: lastWeek };
}

/** Rows per week (`week`) and per period (`period`: 'current' or 'previous') from one grouped query. */
type Grouped<R> = { byWeek: Map<string, R>; current: R | undefined; previous: R | undefined };

/**
 * Runs `select` (aggregate columns over table alias t) per week and per period over the 24 weeks, in one
 * statement. `$1`..`$3` are taken (from, split, to); `params` follow as $4...
 */
async function grouped<R>(sql: Sql, lastWeek: string, from: string, select: string, params: unknown[] = []): Promise<Grouped<R>> {
  const p = periodsOf(lastWeek);
  const rows = await sql.query<R & { week: string | null; period: 'current' | 'previous' | null }>(
    `SELECT to_char(t.week, 'YYYY-MM-DD') AS week, NULL AS period, ${select} FROM ${from} WHERE t.week BETWEEN $1::date AND $3::date GROUP BY t.week
     UNION ALL
     SELECT NULL, CASE WHEN t.week >= $2::date THEN 'current' ELSE 'previous' END, ${select} FROM ${from}
       WHERE t.week BETWEEN $1::date AND $3::date GROUP BY 2`,
    [p.from, p.split, p.to, ...params],
  );
  const byWeek = new Map<string, R>();
  let current: R | undefined;
  let previous: R | undefined;
  for (const row of rows) {
    if (row.week) byWeek.set(row.week, row);
    else if (row.period === 'current') current = row;
    else previous = row;
  }
  return { byWeek, current, previous };
}

type LeadRow = { total: Num; contact: Num; public_form: Num; es: Num; en: Num };
const toLeads = (r: LeadRow | undefined): LeadCounts => ({
  total: n(r?.total ?? 0),
  contact: n(r?.contact ?? 0),
  publicForm: n(r?.public_form ?? 0),
  es: n(r?.es ?? 0),
  en: n(r?.en ?? 0),
});

type ResponseRow = { received: Num; answered: Num; median_s: Num; p90_s: Num; within: Num };
const toResponses = (r: ResponseRow | undefined): ResponseFigures => ({
  received: n(r?.received ?? 0),
  answered: n(r?.answered ?? 0),
  unanswered: n(r?.received ?? 0) - n(r?.answered ?? 0),
  medianMs: msOf(r?.median_s ?? null),
  p90Ms: msOf(r?.p90_s ?? null),
  withinTarget: n(r?.within ?? 0),
});

type FormRow = { total: Num; staff: Num; public: Num; late: Num };
const toForms = (r: FormRow | undefined): AdvanceFormCounts => ({
  total: n(r?.total ?? 0),
  staff: n(r?.staff ?? 0),
  public: n(r?.public ?? 0),
  late: n(r?.late ?? 0),
});

type FeedRow = { runs: Num; fetched: Num; created: Num; filtered: Num; failed_runs: Num; failing_sources: Num };
const toFeeds = (r: FeedRow | undefined): FeedCounts => ({
  runs: n(r?.runs ?? 0),
  fetched: n(r?.fetched ?? 0),
  created: n(r?.created ?? 0),
  filtered: n(r?.filtered ?? 0),
  failedRuns: n(r?.failed_runs ?? 0),
  failingSources: n(r?.failing_sources ?? 0),
});

export function summaryQueries(sql: Sql) {
  const responseTargetHours = async (): Promise<number> => {
    const [row] = await sql.query<{ response_target_hours: number }>('SELECT response_target_hours FROM summary_settings WHERE id = 1');
    return row ? Number(row.response_target_hours) : defaultResponseTargetHours;
  };

  /** Contact messages and public advance forms, by source and by the site edition they came from. */
  async function leads(lastWeek: string): Promise<LeadsSummary> {
    const g = await grouped<LeadRow>(
      sql,
      lastWeek,
      `(SELECT week, 'contact' AS source, language FROM summary_contacts
        UNION ALL SELECT week, 'form', language FROM summary_advance_forms WHERE public) t`,
      `count(*)::int AS total, count(*) FILTER (WHERE t.source = 'contact')::int AS contact, count(*) FILTER (WHERE t.source = 'form')::int AS public_form,
       count(*) FILTER (WHERE t.language = 'es')::int AS es, count(*) FILTER (WHERE t.language = 'en')::int AS en`,
    );
    const p = periodsOf(lastWeek);
    return {
      weeks: p.weeks.map((week) => ({ week, ...toLeads(g.byWeek.get(week)) })),
      previousWeeks: p.previousWeeks.map((week) => ({ week, ...toLeads(g.byWeek.get(week)) })),
      totals: { current: toLeads(g.current), previous: toLeads(g.previous) },
    };
  }

  /** Time from a message's arrival to its first answer, by the week it arrived, against the target. */
  async function responseTimes(lastWeek: string): Promise<ResponseTimesSummary> {
    const targetHours = await responseTargetHours();
    const waited = 'extract(epoch FROM t.answered_at - t.received_at)';
    const g = await grouped<ResponseRow>(
      sql,
      lastWeek,
      'summary_contacts t',
      `count(*)::int AS received, count(t.answered_at)::int AS answered,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY ${waited}) FILTER (WHERE t.answered_at IS NOT NULL) AS median_s,
       percentile_cont(0.9) WITHIN GROUP (ORDER BY ${waited}) FILTER (WHERE t.answered_at IS NOT NULL) AS p90_s,
       count(*) FILTER (WHERE ${waited} <= $4::int * 3600)::int AS within`,
      [targetHours],
    );
    const p = periodsOf(lastWeek);
    return {
      targetHours,
      weeks: p.weeks.map((week) => ({ week, ...toResponses(g.byWeek.get(week)) })),
      totals: { current: toResponses(g.current), previous: toResponses(g.previous) },
    };
  }

  /** Advance forms by the week they arrived: from staff or the public page, and late from the field. */
  async function advanceForms(lastWeek: string): Promise<AdvanceFormsSummary> {
    const g = await grouped<FormRow>(
      sql,
      lastWeek,
      'summary_advance_forms t',
      `count(*)::int AS total, count(*) FILTER (WHERE NOT t.public)::int AS staff, count(*) FILTER (WHERE t.public)::int AS public,
       count(*) FILTER (WHERE t.field_delay_ms > $4::bigint)::int AS late`,
      [lateFromFieldMs],
    );
    const p = periodsOf(lastWeek);
    return {
      lateAfterMinutes: lateFromFieldMs / 60_000,
      weeks: p.weeks.map((week) => ({ week, ...toForms(g.byWeek.get(week)) })),
      totals: { current: toForms(g.current), previous: toForms(g.previous) },
    };
  }

  /** Feed import runs by the week they ran: items read and imported, refused by filters, failures. */
  async function feeds(lastWeek: string): Promise<FeedsSummary> {
    const g = await grouped<FeedRow>(
      sql,
      lastWeek,
      'summary_feed_runs t',
      `count(*)::int AS runs, coalesce(sum(t.fetched), 0)::int AS fetched, coalesce(sum(t.created), 0)::int AS created,
       coalesce(sum(t.filtered), 0)::int AS filtered, count(*) FILTER (WHERE t.error IS NOT NULL)::int AS failed_runs,
       count(DISTINCT t.source_id) FILTER (WHERE t.error IS NOT NULL)::int AS failing_sources`,
    );
    const p = periodsOf(lastWeek);
    type FailingRow = { id: string; name: string | null; failed_runs: Num; last_error: string | null; last_failed_at: string | Date };
    const failing = await sql.query<FailingRow>(
      `SELECT t.source_id AS id, s.name, count(*)::int AS failed_runs, (array_agg(t.error ORDER BY t.at DESC))[1] AS last_error, max(t.at) AS last_failed_at
       FROM summary_feed_runs t LEFT JOIN rss_sources s ON s.id = t.source_id
       WHERE t.error IS NOT NULL AND t.week BETWEEN $1::date AND $2::date
       GROUP BY t.source_id, s.name ORDER BY failed_runs DESC, last_failed_at DESC`,
      [p.split, p.to],
    );
    const failingSources: FailingSource[] = failing.map((r) => ({
      id: r.id,
      name: r.name,
      failedRuns: n(r.failed_runs),
      lastError: r.last_error,
      lastFailedAt: new Date(r.last_failed_at).toISOString(),
    }));
    return {
      weeks: p.weeks.map((week) => ({ week, ...toFeeds(g.byWeek.get(week)) })),
      totals: { current: toFeeds(g.current), previous: toFeeds(g.previous) },
      failingSources,
    };
  }

  return {
    responseTargetHours,
    leads,
    responseTimes,
    advanceForms,
    feeds,
    /** Every chart's figures for the 12 weeks ending with `lastWeek`. */
    async figures(lastWeek: string): Promise<SummaryFigures> {
      const [l, r, a, f] = await Promise.all([leads(lastWeek), responseTimes(lastWeek), advanceForms(lastWeek), feeds(lastWeek)]);
      return { leads: l, responseTimes: r, advanceForms: a, feeds: f };
    },
    /** The admins the weekly summary goes to: active, asked for it, and with a notice address. */
    async weeklyRecipients(): Promise<SummaryRecipient[]> {
      const rows = await sql.query<{ id: string; username: string; notice_email: string }>(
        `SELECT id, username, notice_email FROM users WHERE role = 'admin' AND NOT disabled AND weekly_summary AND notice_email IS NOT NULL ORDER BY username`,
      );
      return rows.map((r) => ({ userId: r.id, username: r.username, email: r.notice_email }));
    },
  };
}
