// What the projectors share: a value as the JSON of a jsonb column, and an update event's changes as the
// columns they set.
import type { Changes, Sql } from '../events';

export const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Builds `SET col = $2, ...` from an update event's changes, through a field→column map; other fields are
 * not columns. `also`: columns set by the same statement whatever changed (a record's version).
 */
export async function updateColumns(
  tx: Sql,
  table: string,
  id: string,
  changes: Changes,
  columns: Record<string, string>,
  jsonColumns = new Set<string>(),
  also: Record<string, unknown> = {},
) {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(also)) {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  for (const [field, { to }] of Object.entries(changes)) {
    const column = columns[field];
    if (!column) continue;
    values.push(jsonColumns.has(field) ? json(to) : to);
    sets.push(`${column} = $${values.length}${jsonColumns.has(field) ? '::jsonb' : ''}`);
  }
  if (sets.length) await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, values);
}
