// One page of a list with the list's total: every list the API answers gives `limit` rows from
// `offset`, and how many there are in all (sent as X-Total-Count).
import type { Sql } from '../events';
import type { CountRow, Page } from './rows';

/** What to list: `columns` and `from` as written after SELECT and FROM, and the ORDER BY that makes pages stable. */
type ListSource = { columns?: string; from: string; order: string };

export async function pageOf<R, T>(sql: Sql, source: ListSource, limit: number, offset: number, map: (row: R) => T): Promise<Page<T>> {
  const [rows, [count]] = await Promise.all([
    sql.query<R>(`SELECT ${source.columns ?? '*'} FROM ${source.from} ${source.order} LIMIT $1 OFFSET $2`, [limit, offset]),
    sql.query<CountRow>(`SELECT count(*)::int AS total FROM ${source.from}`),
  ]);
  return { items: rows.map(map), total: Number(count.total) };
}
