export { importFeedSource, importIfDue, FeedImportFailed } from './importer';
export { runDueImports, startFeedScheduler, type ScheduledImport } from './scheduler';
