// A labelled multi-line text input, with the same props and behaviour as TextField.
import type { Ref } from 'react';
import { Label, TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldHelp } from './FieldHelp';
import { inputClass, labelClass } from './field-styles';

export type TextAreaProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  rows?: number;
  className?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
};

export function TextArea({ label, description, errorMessage, placeholder, rows = 5, className = '', inputRef, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid || Boolean(errorMessage)} validationBehavior="aria" className={`flex flex-col gap-1.5 ${className}`}>
      <Label className={labelClass}>{label}</Label>
      <AriaTextArea ref={inputRef} rows={rows} placeholder={placeholder} className={`${inputClass} resize-y`} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
