// Dates as the business reads them: Costa Rica's zone, Spanish, weeks from Monday.
// One function and one locale by their own paths: the packages' barrels load every function and
// every locale (about 45 MB of a server's memory).
import { format } from 'date-fns/format';
import { es } from 'date-fns/locale/es';
import { TZDate } from '@date-fns/tz';

export const businessTimeZone = 'America/Costa_Rica';

function inZone(value: Date | string): TZDate {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new TZDate(date.getTime(), businessTimeZone);
}

/** '5 de marzo, 2024' */
export function formatLongDate(value: Date | string): string {
  return format(inZone(value), "d 'de' MMMM, yyyy", { locale: es });
}

/** '5 de marzo, 2024, 14:30' */
export function formatDateTime(value: Date | string): string {
  return format(inZone(value), "d 'de' MMMM, yyyy, HH:mm", { locale: es });
}

/** A calendar day 'YYYY-MM-DD' shown as '5 de marzo, 2024' (no zone shift: it is already a day). */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return format(new Date(y, m - 1, d), "d 'de' MMMM, yyyy", { locale: es });
}

/** The calendar day (YYYY-MM-DD) of an instant in Costa Rica. */
export function calendarDayOf(value: Date | string): string {
  return format(inZone(value), 'yyyy-MM-dd');
}

/** The calendar day `days` days after `day` (before it when negative). */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant a calendar day reaches `hour`:00 in Costa Rica. */
export function businessTimeOn(day: string, hour: number): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, businessTimeZone).getTime());
}

export const calendarDayPattern = /^\d{4}-\d{2}-\d{2}$/;

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
