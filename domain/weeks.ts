// The business's weeks: Monday to Sunday in Costa Rica (dates.ts has the zone). Apart from dates.ts,
// which the public pages load, so only the screens that count by week (the admin's Resumen) carry this.
// By their own paths, not the barrels (see dates.ts).
import { format } from 'date-fns/format';
import { startOfWeek } from 'date-fns/startOfWeek';
import { es } from 'date-fns/locale/es';
import { TZDate } from '@date-fns/tz';
import { addDaysToDay, businessTimeZone } from './dates';

/** The Monday (YYYY-MM-DD) of the Costa Rican week an instant falls in. */
export function weekStartOf(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return format(startOfWeek(new TZDate(date.getTime(), businessTimeZone), { weekStartsOn: 1 }), 'yyyy-MM-dd');
}

/** The calendar day `weeks` weeks after `day` (before it when negative). */
export const addWeeksToDay = (day: string, weeks: number): string => addDaysToDay(day, 7 * weeks);

/** 'semana del 3 de nov.': a week named by its Monday, as charts and tables label it. */
export function formatWeekLabel(monday: string): string {
  const [y, m, d] = monday.slice(0, 10).split('-').map(Number);
  return `semana del ${format(new Date(y, m - 1, d), "d 'de' MMM", { locale: es })}.`;
}
