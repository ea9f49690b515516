// A DatePicker that costs nothing until it is used: it first renders a look-alike field (server and
// browser alike) and loads react-aria's date picker and calendar (~45 KB gzipped) only when the
// visitor reaches for it. For pages whose first load must stay light (the public news list).
// The look-alike shows what the real field will: the same day in the same order, the same empty
// placeholder, the same clear and calendar buttons with the same names, in the page's language.
import { lazy, Suspense, useRef, useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import type { DatePickerProps } from './DatePicker';
import { labelClass, plainIconButtonClass } from './field-styles';
import { useLang, type Lang } from '../i18n/lang';

const DatePicker = lazy(() => import('./DatePicker').then((module) => ({ default: module.DatePicker })));

/**
 * How react-aria's field reads in each page's locale (es-CR, en-US): its empty segments, its order of
 * day and month (numbers without a leading zero), and its calendar button's name.
 */
const looks: Record<Lang, { empty: string; shown: (year: string, month: string, day: string) => string; calendar: string }> = {
  es: { empty: 'dd/mm/aaaa', shown: (year, month, day) => `${day}/${month}/${year}`, calendar: 'Calendario' },
  en: { empty: 'mm/dd/yyyy', shown: (year, month, day) => `${month}/${day}/${year}`, calendar: 'Calendar' },
};

/** 'YYYY-MM-DD' as the real field shows it: '1/6/2021' in Spanish, '6/1/2021' in English; anything else as empty, as there. */
function shownDay(lang: Lang, day: string): string {
  const look = looks[lang];
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return look.empty;
  const [, year, month, date] = parts;
  return look.shown(year, String(Number(month)), String(Number(date)));
}

/**
 * `id` names the look-alike's label and value (`id`-etiqueta, `id`-valor): given, not taken from useId,
 * as the server renders the news filters apart from their page and keeps them (pwa/lib/server-fragments.tsx),
 * where useId would number them otherwise than the page the browser hydrates.
 */
export function DeferredDatePicker({ id, ...props }: DatePickerProps & { id: string }) {
  const lang = useLang();
  const [activation, setActivation] = useState<null | 'field' | 'calendar'>(null);
  const labelId = `${id}-etiqueta`;
  const valueId = `${id}-valor`;
  const calendarButton = useRef<HTMLButtonElement>(null);

  const facade = (
    <div className={`flex flex-col gap-1.5 ${props.className ?? ''}`}>
      <span id={labelId} className={labelClass}>
        {props.label}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex w-full items-center rounded-md border border-slate-300 bg-white pr-1 pl-3">
        <button
          type="button"
          id={valueId}
          aria-labelledby={`${labelId} ${valueId}`}
          onClick={() => setActivation('field')}
          onFocus={() => setActivation((current) => current ?? 'field')}
          className={`flex-1 py-2.5 text-left text-base tabular-nums ${props.value ? 'text-slate-900' : 'text-slate-500'}`}
        >
          {shownDay(lang, props.value)}
        </button>
        {props.clearLabel && props.value && (
          <button
            type="button"
            aria-label={props.clearLabel}
            onClick={() => {
              // As in the real field: the focus moves on to the calendar button, which stays.
              props.onChange('');
              calendarButton.current?.focus();
            }}
            className={plainIconButtonClass}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
        <button
          ref={calendarButton}
          type="button"
          aria-label={`${looks[lang].calendar} ${props.label}`}
          onClick={() => setActivation('calendar')}
          className={plainIconButtonClass}
        >
          <CalendarDays className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );

  if (!activation) return facade;
  return (
    <Suspense fallback={facade}>
      <DatePicker {...props} autoFocus={activation === 'field'} defaultOpen={activation === 'calendar'} />
    </Suspense>
  );
}
