import { fileURLToPath } from 'node:url';
import { sqlFilesIn } from '../events';

export * from './projectors';
export * from './queries';
export * from './inbox';
export * from './users';
export * from './history';
export * from './summary';
export * from './rebuild';
export * from './news-search';
export * from './news-revisions';
export * from './users';

export const projectionMigrations = sqlFilesIn(fileURLToPath(new URL('./migrations', import.meta.url)));
