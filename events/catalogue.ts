// The event catalogue: every event type the log may hold, and what each one means beyond its payload.
// Behaviour reads these traits, never parts of a name: a new event type must be declared here (the
// mapped type below fails to compile otherwise), and saying what it erases or touches is a decision.
import type { AdvanceFormEvent } from './aggregates/advance-form';
import type { ContactMessageEvent } from './aggregates/contact-message';
import type { FeedSourceEvent } from './aggregates/feed-source';
import type { NewsArticleEvent } from './aggregates/news-article';
import type { ServiceEvent } from './aggregates/service';
import type { UserEvent } from './aggregates/user';
import type { SignInEvent } from './aggregates/sign-in';
import type { SecuritySettingsEvent } from './aggregates/security-settings';
import type { SummarySettingsEvent, WeeklySummaryEvent } from './aggregates/summary';

/** Every event of every aggregate, discriminated by `type`. */
export type DomainEvent =
  | NewsArticleEvent
  | ServiceEvent
  | FeedSourceEvent
  | ContactMessageEvent
  | AdvanceFormEvent
  | UserEvent
  | SignInEvent
  | SecuritySettingsEvent
  | SummarySettingsEvent
  | WeeklySummaryEvent;
export type EventType = DomainEvent['type'];

/** Each aggregate's event union, by the aggregate's name in the catalogue. */
export type AggregateEvents = {
  newsArticle: NewsArticleEvent;
  service: ServiceEvent;
  feedSource: FeedSourceEvent;
  contactMessage: ContactMessageEvent;
  advanceForm: AdvanceFormEvent;
  user: UserEvent;
  /** One sign-in and the session it opened: a stream of its own, so sign-ins never collide on the user's stream. */
  signIn: SignInEvent;
  /** The staff security settings: one stream. */
  securitySettings: SecuritySettingsEvent;
  /** The summary screen's settings (the response target): one stream. */
  summarySettings: SummarySettingsEvent;
  /** Each week's summary by e-mail: a stream per week. */
  weeklySummary: WeeklySummaryEvent;
};
export type Aggregate = keyof AggregateEvents;

/** The read tables the projectors keep, and the caches of read models that must drop what changed. */
export type ReadModel =
  | 'users'
  | 'user_passkeys'
  | 'security_settings'
  | 'services'
  | 'rss_sources'
  | 'news_articles'
  | 'deleted_feed_items'
  | 'contact_messages'
  | 'advance_forms'
  | 'summary'
  | 'publicPages';

export type EventTraits = {
  aggregate: Aggregate;
  /** The event that starts a record's stream: the history shows every field of it as new. */
  creates?: true;
  /** Appending it redacts the stream's earlier payloads in the same transaction (docs/decisions/erasure-by-redaction.md). */
  erases?: true;
  /** What its projection changes: read tables, and `publicPages`, the rendered public pages kept for visitors (they show news and services). */
  touches: readonly ReadModel[];
};

const news = ['news_articles', 'publicPages'] as const;
const services = ['services', 'publicPages'] as const;

export const catalogue: { readonly [T in EventType]: EventTraits } = {
  NewsArticleCreated: { aggregate: 'newsArticle', creates: true, touches: news },
  NewsArticleUpdated: { aggregate: 'newsArticle', touches: news },
  NewsArticlePublished: { aggregate: 'newsArticle', touches: news },
  // A version's text made current again: what it changed, like an update, and which version it came from.
  NewsArticleRestored: { aggregate: 'newsArticle', touches: news },
  NewsArticleDeleted: { aggregate: 'newsArticle', touches: [...news, 'deleted_feed_items'] },
  ServiceCreated: { aggregate: 'service', creates: true, touches: services },
  ServiceUpdated: { aggregate: 'service', touches: services },
  ServiceDeleted: { aggregate: 'service', touches: services },
  FeedSourceCreated: { aggregate: 'feedSource', creates: true, touches: ['rss_sources'] },
  FeedSourceUpdated: { aggregate: 'feedSource', touches: ['rss_sources'] },
  FeedSourceDeleted: { aggregate: 'feedSource', touches: ['rss_sources'] },
  FeedSourceImported: { aggregate: 'feedSource', touches: ['rss_sources', 'summary'] },
  ContactMessageReceived: { aggregate: 'contactMessage', creates: true, touches: ['contact_messages', 'summary'] },
  ContactStatusChanged: { aggregate: 'contactMessage', touches: ['contact_messages', 'summary'] },
  // A staff note lives in its message's stream, so erasing the message erases its notes too.
  ContactNoteAdded: { aggregate: 'contactMessage', touches: ['contact_messages'] },
  ContactMessageErased: { aggregate: 'contactMessage', erases: true, touches: ['contact_messages', 'summary'] },
  AdvanceFormSubmitted: { aggregate: 'advanceForm', creates: true, touches: ['advance_forms', 'summary'] },
  // A later save of the same draft, sent with the same key by whoever sent the form: a new version of the record.
  AdvanceFormCorrected: { aggregate: 'advanceForm', touches: ['advance_forms'] },
  AdvanceFormErased: { aggregate: 'advanceForm', erases: true, touches: ['advance_forms', 'summary'] },
  UserRegistered: { aggregate: 'user', creates: true, touches: ['users'] },
  UserRoleChanged: { aggregate: 'user', touches: ['users'] },
  UserPasswordChanged: { aggregate: 'user', touches: ['users'] },
  UserDisabled: { aggregate: 'user', touches: ['users'] },
  UserEnabled: { aggregate: 'user', touches: ['users'] },
  UserLoggedIn: { aggregate: 'user', touches: ['users'] },
  UserLoggedOut: { aggregate: 'user', touches: [] },
  UserTotpEnabled: { aggregate: 'user', touches: ['users'] },
  UserTotpDisabled: { aggregate: 'user', touches: ['users'] },
  UserRecoveryCodeUsed: { aggregate: 'user', touches: ['users'] },
  UserPasskeyRegistered: { aggregate: 'user', touches: ['user_passkeys'] },
  UserPasskeyRemoved: { aggregate: 'user', touches: ['user_passkeys'] },
  UserNoticeEmailChanged: { aggregate: 'user', touches: ['users'] },
  UserWeeklySummaryChanged: { aggregate: 'user', touches: ['users'] },
  UserSignedIn: { aggregate: 'signIn', creates: true, touches: ['users', 'user_passkeys'] },
  // Read by the notifications processor (a notice to the staff member), by no read table.
  UserSignedInFromNewDevice: { aggregate: 'signIn', touches: [] },
  // A failed attempt is a stream of one event; the sessions table (state, not a projection) is kept by api/.
  UserSignInFailed: { aggregate: 'signIn', touches: [] },
  // Read by the notifications processor (a notice to the staff member), by no read table; the lockout itself is state (api/).
  UserLockedOut: { aggregate: 'signIn', touches: [] },
  UserSessionEnded: { aggregate: 'signIn', touches: [] },
  SecuritySettingsChanged: { aggregate: 'securitySettings', touches: ['security_settings'] },
  SummarySettingsChanged: { aggregate: 'summarySettings', touches: ['summary'] },
  // Read by the notifications processor (the mail to the admins who asked for it), by no read table.
  WeeklySummaryDue: { aggregate: 'weeklySummary', creates: true, touches: [] },
};

export const allEventTypes = Object.keys(catalogue) as EventType[];

/** The event types of each aggregate, in catalogue order. */
export const eventTypes = Object.fromEntries(
  (
    ['newsArticle', 'service', 'feedSource', 'contactMessage', 'advanceForm', 'user', 'signIn', 'securitySettings', 'summarySettings', 'weeklySummary'] as const
  ).map((aggregate) => [aggregate, allEventTypes.filter((type) => catalogue[type].aggregate === aggregate)]),
) as unknown as { readonly [A in Aggregate]: readonly AggregateEvents[A]['type'][] };

const traitsOf = (type: string): EventTraits | undefined => (Object.hasOwn(catalogue, type) ? catalogue[type as EventType] : undefined);

/** The aggregate an event type belongs to ('advanceForm', 'newsArticle', ...). */
export const aggregateOf = (type: string): Aggregate | undefined => traitsOf(type)?.aggregate;
/** Whether appending this event redacts its stream. */
export const erasesStream = (type: string): boolean => traitsOf(type)?.erases === true;
/** Whether this event changes the read model or cache `model`. */
export const touches = (type: string, model: ReadModel): boolean => traitsOf(type)?.touches.includes(model) === true;

/** Event data fields that must never leave the server (history, exports). */
export const secretFields = new Set(['passwordHash', 'requestHash', 'totpSecret', 'recoveryCodeHashes', 'codeHash', 'publicKey']);

/** The payload left in an erased stream's earlier events. */
export type RedactedData = { redacted: true };
export const isRedacted = (event: { data: unknown }): boolean => (event.data as Partial<RedactedData> | null)?.redacted === true;

/** The `never` check of an exhaustive switch over event types: adding an event without handling it fails to compile. */
export function unhandled(event: never): never {
  throw new Error(`Evento no contemplado: ${(event as { type?: string }).type}`);
}
