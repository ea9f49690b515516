// The audit trail: any record's events and the site-wide activity, newest first, from the log itself.
import {
  aggregateOf,
  createsRecord,
  isRedacted,
  secretFields,
  unhandled,
  type CreatingEventType,
  type DomainEvent,
  type EventMetadata,
  type EventType,
  type Sql,
  type StoredEvent,
} from '../events';

type CreatingEvent = Extract<DomainEvent, { type: CreatingEventType }>;
const startsRecord = (event: DomainEvent): event is CreatingEvent => createsRecord(event.type);

/** The fields a record's first event gave it, as its history shows them. */
function creationFields(event: CreatingEvent): Record<string, unknown> {
  switch (event.type) {
    case 'AdvanceFormSubmitted':
      return { ...event.data.form, submittedBy: event.data.submittedBy };
    // The week summarised and who it went to; the figures themselves are in the mail.
    case 'WeeklySummaryDue':
      return { week: event.data.week, recipients: event.data.recipients.map((r) => r.username).join(', ') };
    // The original and where it came from; the copies are the same picture at other sizes.
    case 'MediaUploaded': {
      const { original, variants, sourceUrl } = event.data;
      return { file: original.file, width: original.width, height: original.height, bytes: original.bytes, copies: variants.length, sourceUrl };
    }
    default:
      return event.data;
  }
}

export type HistoryFilter = { streamId?: string; type?: EventType; actor?: string; before?: number; limit: number };
export type HistoryItem = {
  position: number;
  streamId: string;
  type: EventType;
  recordedAt: string;
  actor: { id: string; username: string; role: string } | null;
  origin: string;
  changes: Record<string, { from: unknown; to: unknown }>;
};

const created = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => !secretFields.has(key))
      .map(([key, to]) => [key, { from: null, to }]),
  );

/** What an event changed, field by field; secrets and erased data never appear. */
export function changesOf(event: Pick<StoredEvent, 'type' | 'data'>): HistoryItem['changes'] {
  // Only catalogued types are shown; the switch below is exhaustive over them.
  if (isRedacted(event) || !aggregateOf(event.type)) return {};
  const known = event as DomainEvent;
  // A record's first event (the catalogue says which): every field it was given is new.
  if (startsRecord(known)) return created(creationFields(known));
  switch (known.type) {
    // An import run's summary: each count is new information, none replaces an earlier one.
    case 'FeedSourceImported':
      return created(known.data);
    case 'NewsArticleUpdated':
    case 'ServiceUpdated':
    case 'FeedSourceUpdated':
      return known.data.changes;
    // A form's new version: what it changed from the version it replaced.
    case 'AdvanceFormCorrected':
      return known.data.changes;
    case 'ContactStatusChanged':
      return { status: { from: known.data.from, to: known.data.to } };
    case 'ContactNoteAdded':
      return { note: { from: null, to: known.data.text } };
    case 'UserRoleChanged':
      return { role: { from: known.data.from, to: known.data.to } };
    case 'UserNoticeEmailChanged':
      return { noticeEmail: { from: known.data.from, to: known.data.to } };
    case 'UserTotpEnabled':
      return { totp: { from: false, to: true } };
    case 'UserTotpDisabled':
      return { totp: { from: true, to: false } };
    case 'UserPasskeyRegistered':
      return { passkey: { from: null, to: known.data.name } };
    case 'UserPasskeyRemoved':
      return { passkey: { from: known.data.name, to: null } };
    case 'SecuritySettingsChanged':
      return { requireSecondFactor: known.data.requireSecondFactor };
    case 'SummarySettingsChanged':
      return { responseTargetHours: known.data.responseTargetHours };
    case 'UserWeeklySummaryChanged':
      return { weeklySummary: { from: known.data.from, to: known.data.to } };
    // A sign-in's facts (where from, how, why it ended) are each new information.
    case 'UserSignedInFromNewDevice':
    case 'UserSignInFailed':
    case 'UserLockedOut':
    case 'UserSessionEnded':
      return created(known.data);
    case 'UserPasswordChanged':
      return { password: { from: '••••••', to: '•••••• (nueva)' } };
    case 'UserDisabled':
      return { disabled: { from: false, to: true } };
    case 'UserEnabled':
      return { disabled: { from: true, to: false } };
    // Published by hand after review, or when its scheduled time came.
    case 'NewsArticlePublished':
      // Events written before statuses existed were always a review's end.
      return known.data.from ? { status: { from: known.data.from, to: 'published' } } : { reviewRequired: { from: true, to: false } };
    case 'NewsArticleRestored':
      return { restoredFrom: { from: null, to: known.data.restoredFrom }, ...known.data.changes };
    case 'NewsArticleDeleted':
    case 'ServiceDeleted':
    case 'FeedSourceDeleted':
    case 'ContactMessageErased':
    case 'AdvanceFormErased':
    case 'MediaDeleted':
    case 'UserLoggedIn':
    case 'UserLoggedOut':
    case 'UserRecoveryCodeUsed':
      return {};
    default:
      return unhandled(known);
  }
}

type HistoryRow = {
  position: string | number;
  stream_id: string;
  type: EventType;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: string | Date;
};

export async function readHistory(sql: Sql, filter: HistoryFilter): Promise<{ items: HistoryItem[]; nextBefore: number | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.streamId) where.push(`stream_id = ${param(filter.streamId)}::uuid`);
  if (filter.type) where.push(`type = ${param(filter.type)}`);
  if (filter.actor) {
    const p = param(filter.actor);
    where.push(`(metadata->'actor'->>'id' = ${p} OR lower(metadata->'actor'->>'username') = lower(${p}))`);
  }
  if (filter.before) where.push(`position < ${param(filter.before)}`);
  const rows = await sql.query<HistoryRow>(
    `SELECT position, stream_id, type, data, metadata, recorded_at FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY position DESC LIMIT ${filter.limit + 1}`,
    params,
  );
  const items = rows.slice(0, filter.limit).map((row): HistoryItem => ({
    position: Number(row.position),
    streamId: row.stream_id,
    type: row.type,
    recordedAt: new Date(row.recorded_at).toISOString(),
    actor: row.metadata.actor ?? null,
    origin: row.metadata.origin,
    changes: changesOf({ type: row.type, data: row.data }),
  }));
  return { items, nextBefore: rows.length > filter.limit ? items[items.length - 1].position : null };
}
