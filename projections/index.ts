import path from 'node:path';
import { fileURLToPath } from 'node:url';

export * from './projectors';
export * from './queries';
export * from './history';
export * from './rebuild';

export const projectionMigrations = [path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', '001_read_tables.sql')];
