export { importFeedSource, importIfDue, FeedImportFailed, ImportInProgress, type ImportResult, type ImportOptions } from './importer';
export { runDueImports, startFeedScheduler, type ScheduledImport } from './scheduler';
export { feedImportRoutes } from './route';
