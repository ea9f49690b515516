// Every row of every read table, as JSON text, in a stable order: two databases whose snapshots are
// equal show visitors and staff exactly the same thing.
import type { Sql } from '../../events';
import { readTables } from '../../projections';

export async function snapshot(db: Sql): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of readTables) {
    const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} AS t ORDER BY row_to_json(t)::text`);
    tables[table] = rows.map((r) => r.row);
  }
  return tables;
}
