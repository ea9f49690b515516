// A DatePicker that costs nothing until it is used: it first renders a look-alike field (server and
// browser alike) and loads react-aria's date picker and calendar (~45 KB gzipped) only when the
// visitor reaches for it. For pages whose first load must stay light (the public news list).
import { lazy, Suspense, useId, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import type { DatePickerProps } from './DatePicker';
import { labelClass } from './field-styles';

const DatePicker = lazy(() => import('./DatePicker').then((module) => ({ default: module.DatePicker })));

/** 'YYYY-MM-DD' as the field shows it in es-CR: '01/06/2021'. */
const asShown = (day: string) => (day ? day.split('-').reverse().join('/') : 'dd/mm/aaaa');

export function DeferredDatePicker(props: DatePickerProps) {
  const [activation, setActivation] = useState<null | 'field' | 'calendar'>(null);
  const labelId = useId();
  const valueId = useId();

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
          {asShown(props.value)}
        </button>
        <button
          type="button"
          aria-label={`Calendario ${props.label}`}
          onClick={() => setActivation('calendar')}
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
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
