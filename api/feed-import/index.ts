export { importFeedSource, FeedImportFailed, type ImportResult } from './importer';
export { runDueImports, startFeedScheduler } from './scheduler';
export { feedImportRoutes } from './route';
