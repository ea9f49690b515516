// A labelled one-line text input with help text and an error message (react-aria TextField).
// With react-hook-form, wire it through <Controller> or pass `name`, `value`, `onChange`, `onBlur`
// and `errorMessage={errors.field?.message}`; an error message marks the field invalid.
import type { Ref } from 'react';
import { Input, Label, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { inputClass, labelClass } from './field-styles';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
};

export function TextField({ label, description, errorMessage, placeholder, className = '', inputRef, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid || Boolean(errorMessage)} validationBehavior="aria" className={`flex flex-col gap-1.5 ${className}`}>
      <Label className={labelClass}>{label}</Label>
      <Input ref={inputRef} placeholder={placeholder} className={inputClass} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
