// A labelled date field with a calendar popover, in Spanish with weeks starting on Monday
// (docs/rules.md, 'Dates'). Its value is a calendar day 'YYYY-MM-DD' ('' for none), the form the API takes.
import { useEffect, useRef, useState } from 'react';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { iconButtonClass, labelClass } from './field-styles';
import { useLang } from '../i18n/lang';
import { ariaLocale } from './Locale';

export type DatePickerProps = {
  label: string;
  value: string;
  onChange: (day: string) => void;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shows an 'x' that empties the field (filters); forms with a required date leave it out. */
  clearLabel?: string;
  /** Focus the first segment / open the calendar on mount (DeferredDatePicker hands over with these). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
  name?: string;
  className?: string;
};

const toCalendarDate = (day: string): CalendarDate | null => {
  try {
    return day ? parseDate(day) : null;
  } catch {
    return null;
  }
};

export function DatePicker({ label, value, onChange, description, errorMessage, clearLabel, className = '', ...props }: DatePickerProps) {
  const lang = useLang();
  // While a year is being typed ('2', '20', '202'...) the field already holds a whole date (year 2,
  // 20, 202): keep it here and report only dates with a four-digit year (or none at all).
  const [draft, setDraft] = useState<CalendarDate | null>(() => toCalendarDate(value));
  useEffect(() => setDraft(toCalendarDate(value)), [value]);
  // The clear button goes away with the day it cleared: the focus moves on to the calendar button
  // beside it, not to the page's start.
  const calendarButton = useRef<HTMLButtonElement>(null);
  const clear = () => {
    onChange('');
    calendarButton.current?.focus();
  };
  const change = (date: CalendarDate | null) => {
    setDraft(date);
    if (!date) onChange('');
    else if (date.year >= 1000) onChange(date.toString());
  };

  return (
    // es-CR: day/month/year segments and Spanish month names (English on the English pages);
    // firstDayOfWeek pins Monday whatever CLDR says.
    <I18nProvider locale={ariaLocale[lang]}>
      <AriaDatePicker
        {...props}
        value={draft}
        onChange={change}
        firstDayOfWeek="mon"
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        className={`flex flex-col gap-1.5 ${className}`}
      >
        <Label className={labelClass}>{label}</Label>
        <Group className="flex w-full items-center rounded-md border border-slate-300 bg-white pr-1 pl-3 data-[focus-within]:border-accent-500 data-[invalid]:border-red-600">
          <DateInput className="flex flex-1 py-2.5 text-base text-slate-900">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-accent-400/30 data-[placeholder]:text-slate-500 data-[type=literal]:px-0"
              />
            )}
          </DateInput>
          {clearLabel && value && (
            <Button slot={null} aria-label={clearLabel} onPress={clear} className={iconButtonClass}>
              <X className="size-4" aria-hidden="true" />
            </Button>
          )}
          <Button ref={calendarButton} className={iconButtonClass}>
            <CalendarDays className="size-4" aria-hidden="true" />
          </Button>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className="rounded-lg border border-slate-200 bg-white p-3 shadow-xl outline-none">
          <Dialog className="outline-none">
            <Calendar firstDayOfWeek="mon">
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button slot="previous" className={iconButtonClass}>
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </Button>
                <Heading className="text-sm font-semibold text-slate-900 first-letter:uppercase" />
                <Button slot="next" className={iconButtonClass}>
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </header>
              <CalendarGrid className="border-separate border-spacing-0.5">
                {(date) => (
                  <CalendarCell
                    date={date}
                    className="flex size-9 cursor-pointer items-center justify-center rounded-md text-sm text-slate-800 outline-none data-[disabled]:text-slate-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 data-[hovered]:bg-slate-100 data-[outside-month]:hidden data-[selected]:bg-navy-900 data-[selected]:text-white"
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
