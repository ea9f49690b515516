// A labelled single-choice dropdown (react-aria Select: keyboard, typeahead, screen readers).
import { ChevronDown } from 'lucide-react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { labelClass } from './field-styles';

export type SelectOption = { id: string; label: string };

export type SelectProps = {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
};

export function Select({
  label,
  options,
  value,
  onChange,
  placeholder = 'Seleccione una opción',
  description,
  errorMessage,
  className = '',
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      {...props}
      value={value}
      onChange={(key: Key | null) => key !== null && onChange(String(key))}
      placeholder={placeholder}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`flex flex-col gap-1.5 ${className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <Button className="flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-left text-base text-slate-900 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 data-[pressed]:bg-slate-50">
        <SelectValue className="truncate data-[placeholder]:text-slate-500" />
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="min-w-[var(--trigger-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg outline-none">
        <ListBox className="max-h-72 outline-none" items={options}>
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-slate-100 data-[selected]:font-semibold data-[selected]:text-accent-800"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
