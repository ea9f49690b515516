// The server's side of the event catalogue: the payload of each type (its aggregate's event union) tied to
// the facts declared in domain/event-catalogue.ts, and the questions behaviour asks of them. Behaviour
// reads these traits, never parts of a name; saying what an event erases or touches is a decision.
import {
  aggregateOf,
  aggregates,
  allEventTypes,
  createsRecord,
  erasesStream,
  touches,
  eventCatalogue,
  type Aggregate,
  type CreatingEventType,
  type EventFacts,
  type EventType,
  type EventTypeOf,
  type ReadModel,
} from '../domain/event-catalogue';
import type { AdvanceFormEvent } from './aggregates/advance-form';
import type { ContactMessageEvent } from './aggregates/contact-message';
import type { FeedSourceEvent } from './aggregates/feed-source';
import type { NewsArticleEvent } from './aggregates/news-article';
import type { ServiceEvent } from './aggregates/service';
import type { UserEvent } from './aggregates/user';
import type { SignInEvent } from './aggregates/sign-in';
import type { SecuritySettingsEvent } from './aggregates/security-settings';
import type { SummarySettingsEvent, WeeklySummaryEvent } from './aggregates/summary';
import type { MediaEvent } from './aggregates/media';

export {
  aggregateOf,
  allEventTypes,
  createsRecord,
  erasesStream,
  touches,
  type Aggregate,
  type CreatingEventType,
  type EventFacts,
  type EventType,
  type EventTypeOf,
  type ReadModel,
};

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
  | WeeklySummaryEvent
  | MediaEvent;

/** Each aggregate's event union: the payload types of the catalogue's types (domain/event-catalogue.ts). */
type AggregateEvents = {
  newsArticle: NewsArticleEvent;
  service: ServiceEvent;
  feedSource: FeedSourceEvent;
  contactMessage: ContactMessageEvent;
  advanceForm: AdvanceFormEvent;
  user: UserEvent;
  signIn: SignInEvent;
  securitySettings: SecuritySettingsEvent;
  summarySettings: SummarySettingsEvent;
  weeklySummary: WeeklySummaryEvent;
  media: MediaEvent;
};

// Compile-time checks that the payload unions and the catalogue name the same types, aggregate by aggregate:
// a type declared without a payload, a payload without a declaration, or one in the wrong aggregate fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type EveryAggregateMatches = { [A in Aggregate]: Same<AggregateEvents[A]['type'], EventTypeOf<A>> }[Aggregate];
const payloadsMatchCatalogue: Same<EveryAggregateMatches, true> & Same<DomainEvent['type'], EventType> = true;
void payloadsMatchCatalogue;

/** The facts of each event type (one home: domain/event-catalogue.ts). */
export const catalogue: { readonly [T in EventType]: EventFacts } = eventCatalogue;

/** The event types of each aggregate, in catalogue order. */
export const eventTypes = Object.fromEntries(
  aggregates.map((aggregate) => [aggregate, allEventTypes.filter((type) => catalogue[type].aggregate === aggregate)]),
  // Object.fromEntries forgets the keys: each list holds exactly its aggregate's types by the filter above.
) as unknown as {
  readonly [A in Aggregate]: readonly EventTypeOf<A>[];
};

/** Event data fields that must never leave the server (history, exports). */
export const secretFields = new Set(['passwordHash', 'requestHash', 'totpSecret', 'recoveryCodeHashes', 'codeHash', 'publicKey']);

/** The payload left in an erased stream's earlier events. */
export type RedactedData = { redacted: true };
export const isRedacted = (event: { data: unknown }): boolean => (event.data as Partial<RedactedData> | null)?.redacted === true;

/** The `never` check of an exhaustive switch over event types: adding an event without handling it fails to compile. */
export function unhandled(event: never): never {
  throw new Error(`Evento no contemplado: ${(event as { type?: string }).type}`);
}
