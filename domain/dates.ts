// Dates as the business reads them: Costa Rica's zone, Spanish, weeks from Monday.
// Formatted with Intl (the browser's and Node's own locale data): date-fns's format and its Spanish
// locale were 8 KB of gzipped JavaScript on every public page that shows a date. Arithmetic on the
// zone's wall clock (TZDate) lives in business-time.ts: @date-fns/tz runs code when it loads, so a
// chunk that imported it kept its 1.7 KB gzipped even where no function of it was called.

export const businessTimeZone = 'America/Costa_Rica';

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

type ZoneParts = Readonly<Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'monthNumber', string>>;

let partsFormat: Intl.DateTimeFormat | null = null;
/**
 * The parts of the instants read lately: a page lists the same few articles' dates again and again,
 * and formatToParts was a twentieth of a news list's render on the server. An instant's parts never
 * change (Costa Rica's zone rules are fixed for the dates a page shows), so the memo is only bounded.
 */
const recentParts = new Map<number, ZoneParts>();
const recentPartsLimit = 5000;

/** The instant's day, month name, year, hour and minute in Costa Rica (month names as es: 'marzo'). */
function partsInZone(date: Date): ZoneParts {
  const instant = date.getTime();
  const known = recentParts.get(instant);
  if (known) return known;
  const parts = computePartsInZone(date);
  if (recentParts.size >= recentPartsLimit) recentParts.clear();
  recentParts.set(instant, parts);
  return parts;
}

function computePartsInZone(date: Date): ZoneParts {
  partsFormat ??= new Intl.DateTimeFormat('es', {
    timeZone: businessTimeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) parts[part.type] = part.value;
  const monthNumber = String(monthNames.indexOf(parts.month) + 1).padStart(2, '0');
  return { day: parts.day, month: parts.month, year: parts.year, hour: parts.hour, minute: parts.minute, monthNumber };
}

const monthNames = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '5 de marzo, 2024' */
export function formatLongDate(value: Date | string): string {
  const { day, month, year } = partsInZone(asDate(value));
  return `${day} de ${month}, ${year}`;
}

/** '5 de marzo, 2024, 14:30' */
export function formatDateTime(value: Date | string): string {
  const { day, month, year, hour, minute } = partsInZone(asDate(value));
  return `${day} de ${month}, ${year}, ${hour}:${minute}`;
}

/** A calendar day 'YYYY-MM-DD' shown as '5 de marzo, 2024' (no zone shift: it is already a day). */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return `${d} de ${monthNames[m - 1]}, ${String(y).padStart(4, '0')}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in Costa Rica. */
export function calendarDayOf(value: Date | string): string {
  const { day, year, monthNumber } = partsInZone(asDate(value));
  return `${year}-${monthNumber}-${day.padStart(2, '0')}`;
}

/** The calendar day `days` days after `day` (before it when negative). */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function isValidCalendarDay(day: string): boolean {
  if (!calendarDayPattern.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number);
  // Beyond these years a date is a typing mistake, and the database's day arithmetic would overflow.
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'March 5, 2024': the English pages' dates, in Costa Rica's zone (Intl: no locale data to bundle). */
export function formatLongDateEnglish(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, month: 'long', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'March 5, 2024 at 14:30': a moment on the English pages, in Costa Rica's zone, on a 24-hour clock. */
export function formatDateTimeEnglish(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: businessTimeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
