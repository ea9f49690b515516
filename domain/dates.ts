// Dates as the business reads them: Costa Rica's zone, Spanish (and English for the English pages),
// weeks from Monday. Formatted here with the month names below, not date-fns's format and its Spanish
// locale (8 KB of gzipped JavaScript on every public page that shows a date), and not with Intl but for
// instants before 1992 (see partsInZone).
// Arithmetic on the zone's wall clock (TZDate) lives in business-time.ts: @date-fns/tz runs code when it
// loads, so a chunk that imported it kept its 1.7 KB gzipped even where no function of it was called.

export const businessTimeZone = 'America/Costa_Rica';

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

type ZoneParts = Readonly<Record<'day' | 'monthNumber' | 'year' | 'hour' | 'minute', string>>;

/**
 * Costa Rica's clocks have stayed at UTC−6 all year since daylight saving last ended there, on 15 March
 * 1992 (the zone database's America/Costa_Rica; tests/domain/dates.test.ts compares with it from 1970
 * to 2060, so a change in those rules that Node's zone database brings fails there). From this instant on, a date's parts are arithmetic.
 */
const fixedOffsetSince = Date.UTC(1992, 2, 15, 5);
const fixedOffsetMs = -6 * 60 * 60 * 1000;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The instant's day, month, year, hour and minute in Costa Rica. Intl is asked only for instants before
 * that change of rules: in a browser, a page's first Intl.DateTimeFormat loads the locale's date data
 * (30–60 ms of Chromium's main thread on the slow two-core server where it was measured), and every page that
 * shows a date paid it while it hydrated (docs/decisions/dates-without-intl.md).
 */
function partsInZone(date: Date): ZoneParts {
  const instant = date.getTime();
  // An invalid date (NaN) goes to Intl too, which refuses it with a RangeError.
  if (!(instant >= fixedOffsetSince)) return partsFromIntl(date);
  const wall = new Date(instant + fixedOffsetMs);
  return {
    day: String(wall.getUTCDate()),
    monthNumber: twoDigits(wall.getUTCMonth() + 1),
    year: String(wall.getUTCFullYear()),
    hour: twoDigits(wall.getUTCHours()),
    minute: twoDigits(wall.getUTCMinutes()),
  };
}

let partsFormat: Intl.DateTimeFormat | null = null;

function partsFromIntl(date: Date): ZoneParts {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: businessTimeZone,
    day: 'numeric',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) parts[part.type] = part.value;
  return { day: parts.day, monthNumber: parts.month, year: parts.year, hour: parts.hour, minute: parts.minute };
}

const monthNames = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const englishMonthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (parts: ZoneParts, names: readonly string[]) => names[Number(parts.monthNumber) - 1];

/** '5 de marzo, 2024' */
export function formatLongDate(value: Date | string): string {
  const parts = partsInZone(asDate(value));
  return `${parts.day} de ${monthName(parts, monthNames)}, ${parts.year}`;
}

/** '5 de marzo, 2024, 14:30' */
export function formatDateTime(value: Date | string): string {
  const parts = partsInZone(asDate(value));
  return `${parts.day} de ${monthName(parts, monthNames)}, ${parts.year}, ${parts.hour}:${parts.minute}`;
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

/** The instant a calendar day (YYYY-MM-DD) begins in Costa Rica: its midnight there, not UTC's. */
export function startOfCalendarDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  // Midnight at UTC−6; before 1992 a day in daylight saving time began an hour earlier.
  const guess = Date.UTC(y, m - 1, d, 6);
  return new Date(guess - Number(partsInZone(new Date(guess)).hour) * 3_600_000);
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

/** 'March 5, 2024': the English pages' dates, in Costa Rica's zone. */
export function formatLongDateEnglish(value: Date | string): string {
  const parts = partsInZone(asDate(value));
  return `${monthName(parts, englishMonthNames)} ${parts.day}, ${parts.year}`;
}

/** 'March 5, 2024 at 14:30': a moment on the English pages, in Costa Rica's zone, on a 24-hour clock. */
export function formatDateTimeEnglish(value: Date | string): string {
  const parts = partsInZone(asDate(value));
  return `${monthName(parts, englishMonthNames)} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute}`;
}
