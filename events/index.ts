export * from './db';
export * from './store';
export * from './subscriptions';
export * from './decider';
export * from './catalogue';
export { contactMessage, type ContactMessageCommand, type ContactMessageEvent } from './aggregates/contact-message';
export { advanceForm, type AdvanceFormCommand, type AdvanceFormEvent } from './aggregates/advance-form';
export { user, type UserCommand } from './aggregates/user';
export { service, serviceEvents } from './aggregates/service';
export { feedSource, feedSourceEvents, type FeedSourceRecord } from './aggregates/feed-source';
export { newsArticle, newsArticleEvents, type NewsArticleRecord } from './aggregates/news-article';
export type { RecordState, RecordCommand, Changes } from './aggregates/record';

import { fileURLToPath } from 'node:url';
import { sqlFilesIn } from './db';
export const eventMigrations = sqlFilesIn(fileURLToPath(new URL('./migrations', import.meta.url)));
export * from './data-dir-lock';
