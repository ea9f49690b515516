export * from './db';
export * from './store';
export * from './subscriptions';
export * from './decider';
export * from './catalogue';
export { contactMessage, type ContactMessageCommand, type ContactMessageEvent } from './aggregates/contact-message';
export { advanceForm, type AdvanceFormCommand, type AdvanceFormEvent } from './aggregates/advance-form';
export { user, type UserCommand, type UserEvent, type PasskeyData } from './aggregates/user';
export {
  signIn,
  type GuessedSecret,
  type SignInCommand,
  type SignInEvent,
  type SignInMethod,
  type SessionEndReason,
  type SignInPlace,
} from './aggregates/sign-in';
export { securitySettings, securitySettingsStreamId, type SecuritySettingsEvent } from './aggregates/security-settings';
export {
  summarySettings,
  summarySettingsStreamId,
  weeklySummary,
  weeklySummaryStreamId,
  type SummaryRecipient,
  type SummarySettingsEvent,
  type WeeklySummaryEvent,
} from './aggregates/summary';
export { service, serviceEvents, type ServiceEvent } from './aggregates/service';
export { feedSource, feedSourceEvents, type FeedSourceEvent, type FeedSourceRecord } from './aggregates/feed-source';
export { newsArticle, newsArticleEvents, type NewsArticleEvent, type NewsArticleRecord } from './aggregates/news-article';
export type { RecordState, RecordCommand, Changes } from './aggregates/record';
export { media, mediaBlobKeys, type MediaCommand, type MediaEvent, type MediaFileData, type MediaState, type MediaUploadedData } from './aggregates/media';

import { fileURLToPath } from 'node:url';
import { sqlFilesIn } from './db';
export const eventMigrations = sqlFilesIn(fileURLToPath(new URL('./migrations', import.meta.url)));
export * from './data-dir-lock';
