// Schema migrations: each layer's `.sql` files, applied once and in order under a lock, so instances
// that start together never race; and which ones a database still lacks (the readiness probe).
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Sql } from './db';

/** Every `.sql` file of a folder, in name order (001_..., 002_...): one layer's migrations. */
export function sqlFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(dir, file));
}

/** 'events/migrations/001_events.sql': a migration's name, the same wherever the project is checked out. */
const migrationName = (file: string) => file.split(path.sep).slice(-3).join('/');

/** Names of the given migrations not yet applied to the database (empty: the schema is current). */
export async function pendingMigrations(sql: Sql, files: string[]): Promise<string[]> {
  const rows = await sql.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((row) => row.name));
  return files.map(migrationName).filter((name) => !done.has(name));
}

type MigrateOptions = {
  /**
   * Runs in the migrations' transaction, still under their lock, when at least one migration was
   * applied (with their names): what must follow a migration commits with it, and an instance starting
   * beside finds both done.
   */
  afterApplied?: (tx: Sql, applied: readonly string[]) => Promise<void>;
};

/**
 * Applies every `.sql` file of the given folders once, in order, under a lock so instances can start
 * together. Answers the names it applied (none: the schema was current).
 */
export async function migrate(db: Db, files: string[], options: MigrateOptions = {}): Promise<string[]> {
  return db.transaction(async (tx) => {
    // The lock first: two instances starting together would otherwise race even to create this table.
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727274)');
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      const name = migrationName(file);
      if (done.has(name)) continue;
      const text = await readFile(file, 'utf8');
      for (const statement of splitStatements(text)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    if (applied.length > 0) await options.afterApplied?.(tx, applied);
    return applied;
  });
}

/** Splits a migration on semicolons that end a line, keeping $$-quoted bodies whole. */
function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && line.trimEnd().endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
