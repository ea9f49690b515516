// Date-times as clients send them: ISO 8601 with the date, hours and minutes, optional seconds (and a
// fraction of up to nine digits), and a zone, 'Z' or ±HH:MM. JavaScript's Date.parse rolls impossible
// parts over (30 February becomes 2 March, 24:00 the next day's midnight), so it is only asked once
// every part has been checked: the day exists in its month and year, hours run 0–23, minutes and
// seconds 0–59, and a zone offset is at most 23:59.

const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether the year, month (1–12) and day name a real day: built as a date, they read back the same. */
function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant (ms since 1970, UTC) that a real ISO date-time names; null for any other text. */
export function instantOfIsoDateTime(text: string): number | null {
  const match = isoDateTime.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map((part) => Number(part ?? 0));
  if (!isRealDay(year, month, day)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const instant = Date.parse(text);
  return Number.isNaN(instant) ? null : instant;
}
