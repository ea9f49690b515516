// The contact inbox: the filtered list (accent-blind search, status), its CSV rows, and response times.
// Response times come from the log itself (when each message was received, first read, resolved), not
// from columns kept by hand.
import type { ContactListQuery, ContactMessage, InboxStats } from '../domain';
import { utcMicroseconds, type Sql } from '../events';
import type { ContactWithTimingsRow, CountRow, Page } from './rows';

const iso = (value: string | Date) => new Date(value).toISOString();
const ms = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 1000));

/** Seconds from a message's reception to its first status change (read) and to resolved, from its events. */
const timings = `LEFT JOIN LATERAL (
  SELECT extract(epoch FROM min(e.recorded_at) FILTER (WHERE e.type = 'ContactStatusChanged') - min(e.recorded_at) FILTER (WHERE e.type = 'ContactMessageReceived')) AS read_after,
         extract(epoch FROM min(e.recorded_at) FILTER (WHERE e.type = 'ContactStatusChanged' AND e.data->>'to' = 'resolved')
           - min(e.recorded_at) FILTER (WHERE e.type = 'ContactMessageReceived')) AS resolved_after
  FROM events e WHERE e.stream_id = c.id
) t ON true`;

const toContact = (r: ContactWithTimingsRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  status: r.status,
  language: r.language,
  createdAt: iso(r.created_at),
  notes: r.notes ?? [],
  readAfterMs: ms(r.read_after),
  resolvedAfterMs: ms(r.resolved_after),
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterOf(query: ContactListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.status) where.push(`c.status = ${param(query.status)}`);
  if (query.search && uuid.test(query.search)) {
    // A notice's link names its message by id.
    where.push(`c.id = ${param(query.search.toLowerCase())}::uuid`);
  } else if (query.search) {
    const text = param(query.search);
    // strpos, not LIKE: a '%' or '_' typed by staff is searched for as itself.
    const clauses = [`strpos(f_unaccent(lower(c.name || ' ' || c.email || ' ' || coalesce(c.phone, '') || ' ' || c.message)), f_unaccent(lower(${text}))) > 0`];
    // A phone number matches however it was written: '8888 1234' finds '+506 8888-1234'.
    const digits = query.search.replace(/\D/g, '');
    if (digits.length >= 4 && /^[\d\s()+.-]+$/.test(query.search))
      clauses.push(`strpos(regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g'), ${param(digits)}) > 0`);
    where.push(`(${clauses.join(' OR ')})`);
  }
  return { where, params, param };
}

const whereOf = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** The export's page size: rows held in memory at once, whatever the inbox holds. */
const exportPageSize = 500;

export function inboxQueries(sql: Sql) {
  return {
    async list(query: ContactListQuery, limit: number, offset: number): Promise<Page<ContactMessage>> {
      const { where, params } = filterOf(query);
      const filter = whereOf(where);
      const [rows, [count]] = await Promise.all([
        sql.query<ContactWithTimingsRow>(
          `SELECT c.*, t.read_after, t.resolved_after FROM contact_messages c ${timings} ${filter} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        sql.query<CountRow>(`SELECT count(*)::int AS total FROM contact_messages c ${filter}`, params),
      ]);
      return { items: rows.map(toContact), total: Number(count.total) };
    },
    /**
     * Every message the filters keep, newest first (the CSV export), `pageSize` at a time. Each page
     * starts after the last row of the one before, by (created_at, id), the export's order: none is
     * skipped or repeated however many there are, and memory holds one page. The timestamp travels as
     * text both ways, cast in SQL: as a date (ours, or postgres.js's for a timestamptz parameter) it
     * would lose its microseconds, and rows with it.
     */
    async *pages(query: ContactListQuery, pageSize = exportPageSize): AsyncGenerator<ContactMessage[]> {
      const size = Math.max(1, Math.floor(pageSize));
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const { where, params, param } = filterOf(query);
        if (after) {
          // The first condition alone is what an index on created_at can start from; the pair keeps ties in order.
          const at = `${param(after.at)}::text::timestamptz`;
          where.push(`c.created_at <= ${at}`, `(c.created_at, c.id) < (${at}, ${param(after.id)}::uuid)`);
        }
        const rows: (ContactWithTimingsRow & { after_at: string })[] = await sql.query(
          `SELECT c.*, ${utcMicroseconds('c.created_at')} AS after_at, t.read_after, t.resolved_after FROM contact_messages c ${timings} ${whereOf(where)}
           ORDER BY c.created_at DESC, c.id DESC LIMIT ${param(size)}`,
          params,
        );
        if (rows.length > 0) yield rows.map(toContact);
        if (rows.length < size) return;
        const last = rows[rows.length - 1];
        after = { at: last.after_at, id: last.id };
      }
    },
    async byId(id: string): Promise<ContactMessage | null> {
      const [row] = await sql.query<ContactWithTimingsRow>(`SELECT c.*, t.read_after, t.resolved_after FROM contact_messages c ${timings} WHERE c.id = $1`, [
        id,
      ]);
      return row ? toContact(row) : null;
    },
    /**
     * Medians of the time to first read and to resolved over messages received in the last 4 weeks
     * (erased ones left out: their events no longer say what changed), and how many messages have
     * waited unread for more than 24 hours.
     */
    async stats(now = new Date()): Promise<InboxStats> {
      const since = new Date(now.getTime() - 28 * 86_400_000);
      const [row] = await sql.query<{ to_read: number | string | null; to_resolved: number | string | null; unread_over_24h: number }>(
        `WITH received AS (
           SELECT r.stream_id, r.recorded_at,
             (SELECT min(e.recorded_at) FROM events e WHERE e.stream_id = r.stream_id AND e.type = 'ContactStatusChanged') AS read_at,
             (SELECT min(e.recorded_at) FROM events e WHERE e.stream_id = r.stream_id AND e.type = 'ContactStatusChanged' AND e.data->>'to' = 'resolved') AS resolved_at,
             EXISTS (SELECT 1 FROM events e WHERE e.stream_id = r.stream_id AND e.type = 'ContactMessageErased') AS erased
           FROM events r WHERE r.type = 'ContactMessageReceived'
         )
         SELECT
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM read_at - recorded_at)) FILTER (WHERE read_at IS NOT NULL AND recorded_at >= $1::timestamptz AND NOT erased) AS to_read,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - recorded_at)) FILTER (WHERE resolved_at IS NOT NULL AND recorded_at >= $1::timestamptz AND NOT erased) AS to_resolved,
           count(*) FILTER (WHERE read_at IS NULL AND NOT erased AND recorded_at < $2::timestamptz)::int AS unread_over_24h
         FROM received`,
        [since.toISOString(), new Date(now.getTime() - 86_400_000).toISOString()],
      );
      return {
        medianToReadMs: ms(row.to_read),
        medianToResolvedMs: ms(row.to_resolved),
        unreadOver24h: Number(row.unread_over_24h),
        since: since.toISOString(),
      };
    },
  };
}
