import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export * from './projectors';
export * from './queries';
export * from './history';
export * from './rebuild';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Every .sql file of projections/migrations, in name order. */
export const projectionMigrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.join(migrationsDir, f));
