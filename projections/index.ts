import path from 'node:path';
import { projectRoot, sqlFilesIn } from '../events';

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

export const projectionMigrations = sqlFilesIn(path.join(projectRoot, 'projections/migrations'));
