// The notices' state table: one row per event noticed, updated by each attempt.
import type { NoticeState, NoticeStatus } from '../../domain';
import type { Sql } from '../../events';

export type NoticeRecord = { position: number; streamId: string; kind: string; status: NoticeStatus; attempts: number; reason: string | null };

export function noticeStates(sql: Sql) {
  return {
    async statusOf(position: number): Promise<NoticeStatus | null> {
      const [row] = await sql.query<{ status: NoticeStatus }>('SELECT status FROM notifications WHERE event_position = $1', [position]);
      return row?.status ?? null;
    },
    /**
     * Takes the send of one notice for `leaseMs`: false while another send of it holds it. Take it before
     * asking whether it was sent: the one before lets go only once its outcome is stored.
     */
    async claimSend(position: number, leaseMs: number): Promise<boolean> {
      const rows = await sql.query(
        `INSERT INTO notice_sends (event_position, until) VALUES ($1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (event_position) DO UPDATE SET until = EXCLUDED.until WHERE notice_sends.until < now()
         RETURNING event_position`,
        [position, leaseMs],
      );
      return rows.length === 1;
    },
    async releaseSend(position: number): Promise<void> {
      await sql.query('DELETE FROM notice_sends WHERE event_position = $1', [position]);
    },
    async record(notice: NoticeRecord): Promise<void> {
      await sql.query(
        `INSERT INTO notifications (event_position, stream_id, kind, status, attempts, last_error, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $4 = 'sent' THEN now() END)
         ON CONFLICT (event_position) DO UPDATE SET status = EXCLUDED.status, attempts = EXCLUDED.attempts,
           last_error = EXCLUDED.last_error, sent_at = EXCLUDED.sent_at, updated_at = now()`,
        [notice.position, notice.streamId, notice.kind, notice.status, notice.attempts, notice.reason],
      );
    },
    /** The latest notice of each record, for the cards of a page of records. */
    async forRecords(ids: readonly string[]): Promise<Map<string, NoticeState>> {
      if (ids.length === 0) return new Map();
      type NoticeRow = { stream_id: string; status: NoticeStatus; attempts: number | string; last_error: string | null; updated_at: string | Date };
      const rows = await sql.query<NoticeRow>(
        `SELECT DISTINCT ON (stream_id) stream_id, status, attempts, last_error, updated_at FROM notifications
         WHERE stream_id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid) ORDER BY stream_id, event_position DESC`,
        [JSON.stringify(ids)],
      );
      const toState = (r: NoticeRow): NoticeState => ({
        status: r.status,
        attempts: Number(r.attempts),
        reason: r.last_error,
        updatedAt: new Date(r.updated_at).toISOString(),
      });
      return new Map(rows.map((r) => [r.stream_id, toState(r)]));
    },
  };
}
export type NoticeStates = ReturnType<typeof noticeStates>;

/** Adds each record's notice to a list answer (null when none was made: mail off, or before this feature). */
export async function withNotices<T extends { id: string }>(states: NoticeStates, items: T[]): Promise<(T & { notice: NoticeState | null })[]> {
  const byId = await states.forRecords(items.map((item) => item.id));
  return items.map((item) => ({ ...item, notice: byId.get(item.id) ?? null }));
}
