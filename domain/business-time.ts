// Instants of Costa Rica's wall clock, for the server (a day's bounds in the news filters, the weekly
// summary's hour). Apart from dates.ts, whose formatting the public pages load: @date-fns/tz's
// TZDate runs code when its module loads, which no tree-shaking can drop.
import { TZDate } from '@date-fns/tz';
import { businessTimeZone } from './dates';

/** The instant a calendar day reaches `hour`:00 in Costa Rica. */
export function businessTimeOn(day: string, hour: number): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, businessTimeZone).getTime());
}
