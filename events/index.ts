export * from './db';
export * from './store';
export * from './decider';
export * from './catalogue';
export { contactMessage, type ContactMessageCommand } from './aggregates/contact-message';
export { advanceForm, type AdvanceFormCommand } from './aggregates/advance-form';
export { user, type UserCommand } from './aggregates/user';
export { service, serviceEvents } from './aggregates/service';
export { feedSource, feedSourceEvents, type FeedSourceRecord } from './aggregates/feed-source';
export { newsArticle, newsArticleEvents, type NewsArticleRecord } from './aggregates/news-article';
export type { RecordState, RecordCommand, Changes } from './aggregates/record';

import path from 'node:path';
import { fileURLToPath } from 'node:url';
export const eventMigrations = [path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', '001_events.sql')];
