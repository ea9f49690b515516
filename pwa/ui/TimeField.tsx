// A labelled time field that always reads 24-hour (14:30), as times are written in Costa Rica,
// whatever the browser's own locale would do with <input type="time">. Its value is 'HH:mm' ('' for none).
import type { Ref } from 'react';
import { parseTime, type Time } from '@internationalized/date';
import { DateInput, DateSegment, Label, TimeField as AriaTimeField } from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { labelClass } from './field-styles';

export type TimeFieldProps = {
  label: string;
  value: string;
  onChange: (time: string) => void;
  onBlur?: () => void;
  name?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  className?: string;
  inputRef?: Ref<HTMLDivElement>;
};

const toTime = (text: string): Time | null => {
  try {
    return /^\d{1,2}:\d{2}/.test(text) ? parseTime(text.padStart(5, '0').slice(0, 5)) : null;
  } catch {
    return null;
  }
};

const pad = (n: number) => String(n).padStart(2, '0');

export function TimeField({ label, value, onChange, description, errorMessage, className = '', inputRef, ...props }: TimeFieldProps) {
  return (
    <AriaTimeField
      {...props}
      value={toTime(value)}
      onChange={(time) => onChange(time ? `${pad(time.hour)}:${pad(time.minute)}` : '')}
      hourCycle={24}
      shouldForceLeadingZeros
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`flex flex-col gap-1.5 ${className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <DateInput
        ref={inputRef}
        className="flex w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 data-[focus-within]:border-accent-500 data-[invalid]:border-red-600"
      >
        {(segment) => (
          <DateSegment
            segment={segment}
            className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-accent-400/30 data-[placeholder]:text-slate-500 data-[type=literal]:px-0"
          />
        )}
      </DateInput>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTimeField>
  );
}
