// Turns history events into Spanish lines: who, when, what kind of change, and each field's from → to.
import {
  advanceFormLabels,
  contactStatusLabel,
  newsStatusLabel,
  formatDateTime,
  sessionEndReasonLabel,
  signInMethodLabel,
  userRoleLabel,
} from '../../../../domain';
import { fieldLabel, historyTexts as t, originLabel } from './texts';
import type { HistoryEvent } from './api';

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const maxValueLength = 160;

/** A value as a person reads it: Sí/No, dates in Spanish, status and role labels, lists joined. */
function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(field, v)).join(', ') : t.emptyValue;
  if (field === 'status' && typeof value === 'string' && value in contactStatusLabel) return contactStatusLabel[value as keyof typeof contactStatusLabel];
  if (field === 'status' && typeof value === 'string' && value in newsStatusLabel) return newsStatusLabel[value as keyof typeof newsStatusLabel];
  if (field === 'role' && typeof value === 'string' && value in userRoleLabel) return userRoleLabel[value as keyof typeof userRoleLabel];
  if (field === 'method' && typeof value === 'string') return signInMethodLabel[value] ?? value;
  if (field === 'reason' && typeof value === 'string') return sessionEndReasonLabel[value] ?? signInMethodLabel[value] ?? value;
  if (typeof value === 'string' && isoInstant.test(value)) return formatDateTime(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Article bodies are long HTML: a glimpse is enough to see that they changed.
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > maxValueLength ? `${plain.slice(0, maxValueLength)}…` : plain;
}

const fieldName = (field: string) => fieldLabel[field] ?? advanceFormLabels[field] ?? field;

/** The record's own name when the event carries it (a creation, a rename): title, name, host or username. */
export function recordNameOf(event: HistoryEvent): string | null {
  for (const field of ['title', 'name', 'hostName', 'username']) {
    const value = event.changes[field]?.to;
    if (typeof value === 'string' && value) return value;
  }
  // A user's own sign-in and sign-out: the record is the person who acted.
  if (event.actor?.id === event.streamId) return event.actor.username;
  return null;
}

/** 'por admin', 'Sistema (importación RSS)', 'Visitante'. */
export function actorOf(event: HistoryEvent): string {
  const origin = originLabel[event.origin];
  if (event.actor) return `${t.by(event.actor.username)}${origin && event.origin !== 'api' ? ` (${origin})` : ''}`;
  if (event.origin === 'api' || event.origin === 'public') return t.visitor;
  return origin ? `${t.system} (${origin})` : t.system;
}

export type ChangeLine = { field: string; label: string; from: string; to: string; created: boolean };

export function changeLines(event: HistoryEvent): ChangeLine[] {
  const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return (
    Object.entries(event.changes)
      // A creation lists what the record was given; fields it was created without say nothing.
      .filter(([, { from, to }]) => !(isEmpty(from) && isEmpty(to)))
      .map(([field, { from, to }]) => ({
        field,
        label: fieldName(field),
        from: formatValue(field, from),
        to: formatValue(field, to),
        created: from === null || from === undefined,
      }))
  );
}
