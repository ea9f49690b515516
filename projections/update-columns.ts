// What the projectors share: a value as the JSON of a jsonb column, and an update event's changes as the
// columns they set.
import type { Changes, Sql } from '../events';

export const json = (value: unknown) => JSON.stringify(value ?? null);

/** A SET clause a projector adds to an update's statement, its values given through `param` (which answers their `$n`). */
export type ExtraSet = (param: (value: unknown) => string) => string;

/**
 * Builds `SET col = $2, ...` from an update event's changes, through a field→column map; other fields are
 * not columns. `also`: columns set by the same statement whatever changed (a record's version); `extra`:
 * a clause of the projector's own that joins the statement (a time that depends on the row).
 */
export async function updateColumns(
  tx: Sql,
  table: string,
  id: string,
  changes: Changes,
  columns: Record<string, string>,
  jsonColumns = new Set<string>(),
  also: Record<string, unknown> = {},
  extra?: ExtraSet,
) {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  for (const [column, value] of Object.entries(also)) sets.push(`${column} = ${param(value)}`);
  for (const [field, { to }] of Object.entries(changes)) {
    const column = columns[field];
    if (!column) continue;
    sets.push(`${column} = ${jsonColumns.has(field) ? `${param(json(to))}::jsonb` : param(to)}`);
  }
  if (sets.length === 0) return;
  if (extra) sets.push(extra(param));
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, values);
}
