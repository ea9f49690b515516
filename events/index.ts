export * from './db';
export * from './postgres-target';
export * from './migrate';
export * from './store';
export * from './subscriptions';
export * from './decider';
export * from './catalogue';
export { contactMessage, type ContactMessageEvent } from './aggregates/contact-message';
export { advanceForm, type AdvanceFormEvent } from './aggregates/advance-form';
export { user, type UserEvent, type PasskeyData } from './aggregates/user';
export { signIn, type GuessedSecret, type SignInEvent, type SignInMethod, type SessionEndReason } from './aggregates/sign-in';
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
export { service, type ServiceEvent } from './aggregates/service';
export { feedSource, type FeedSourceEvent } from './aggregates/feed-source';
export { newsArticle, type NewsArticleEvent, type NewsArticleRecord } from './aggregates/news-article';
export type { Changes } from './aggregates/record';
export { media, mediaBlobKeys, type MediaEvent, type MediaFileData, type MediaUploadedData } from './aggregates/media';

import path from 'node:path';
import { sqlFilesIn } from './migrate';
import { projectRoot } from './project-root';
export { projectRoot };
export const eventMigrations = sqlFilesIn(path.join(projectRoot, 'events/migrations'));
export * from './data-dir-lock';
