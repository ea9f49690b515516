// The audit trail: any record's events and the site-wide activity, newest first, from the log itself.
import { secretFields, type Sql, type StoredEvent } from '../events';

export type HistoryFilter = { streamId?: string; type?: string; actor?: string; before?: number; limit: number };
export type HistoryItem = {
  position: number;
  streamId: string;
  type: string;
  recordedAt: string;
  actor: { id: string; username: string; role: string } | null;
  origin: string;
  changes: Record<string, { from: unknown; to: unknown }>;
};

const created = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => !secretFields.has(key)).map(([key, to]) => [key, { from: null, to }]));

/** What an event changed, field by field; secrets and erased data never appear. */
export function changesOf(event: Pick<StoredEvent, 'type' | 'data'>): HistoryItem['changes'] {
  const data = event.data as any;
  if (data?.redacted) return {};
  switch (event.type) {
    case 'AdvanceFormSubmitted': return created({ ...data.form, submittedBy: data.submittedBy });
    case 'ContactStatusChanged': return { status: { from: data.from, to: data.to } };
    case 'ContactNoteAdded': return { note: { from: null, to: data.text } };
    case 'UserRoleChanged': return { role: { from: data.from, to: data.to } };
    case 'UserPasswordChanged': return { password: { from: '••••••', to: '•••••• (nueva)' } };
    case 'UserDisabled': return { disabled: { from: false, to: true } };
    case 'UserEnabled': return { disabled: { from: true, to: false } };
    case 'NewsArticlePublished': return { reviewRequired: { from: true, to: false } };
    case 'UserNoticeEmailChanged': return { noticeEmail: { from: data.from, to: data.to } };
    case 'UserTotpEnabled': return { totp: { from: false, to: true } };
    case 'UserTotpDisabled': return { totp: { from: true, to: false } };
    case 'UserRecoveryCodeUsed': return {};
    case 'UserPasskeyRegistered': return { passkey: { from: null, to: data.name } };
    case 'UserPasskeyRemoved': return { passkey: { from: data.name, to: null } };
    case 'SecuritySettingsChanged': return { requireSecondFactor: data.requireSecondFactor };
    case 'UserSignedIn':
    case 'UserSignedInFromNewDevice':
    case 'UserSignInFailed':
    case 'UserSessionEnded': return created(data ?? {});
    default:
      if (data?.changes) return data.changes;
      if (event.type.endsWith('Created') || event.type.endsWith('Registered') || event.type.endsWith('Received') || event.type.endsWith('Imported')) return created(data ?? {});
      return {};
  }
}

export async function readHistory(sql: Sql, filter: HistoryFilter): Promise<{ items: HistoryItem[]; nextBefore: number | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  if (filter.streamId) where.push(`stream_id = ${param(filter.streamId)}::uuid`);
  if (filter.type) where.push(`type = ${param(filter.type)}`);
  if (filter.actor) {
    const p = param(filter.actor);
    where.push(`(metadata->'actor'->>'id' = ${p} OR lower(metadata->'actor'->>'username') = lower(${p}))`);
  }
  if (filter.before) where.push(`position < ${param(filter.before)}`);
  const rows = await sql.query(
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
