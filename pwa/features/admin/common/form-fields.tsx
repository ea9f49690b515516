// The ui/ controls bound to react-hook-form: each shows its field's zod message (from domain/) and
// takes the server's per-field errors through setError. One place, so every dialog wires them alike.
import { ApiError } from '../../../lib/api';
import { Controller, type Control, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { Select, type SelectOption } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';

type Base<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T>; label: string; description?: string; isRequired?: boolean };

export function FormTextField<T extends FieldValues>({
  control,
  name,
  type,
  placeholder,
  autoComplete,
  inputMode,
  onValueChange,
  ...props
}: Base<T> & {
  type?: 'text' | 'url' | 'password' | 'number' | 'email';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'url';
  /** Called after the field's own change (the news title suggests the slug). */
  onValueChange?: (value: string) => void;
  /** Focused when it appears (a step that replaced the button that opened it). */
  autoFocus?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          type={type}
          inputMode={inputMode}
          placeholder={placeholder}
          autoComplete={autoComplete}
          value={field.value == null ? '' : String(field.value)}
          onChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A password being chosen: hidden, offered to the password manager as new, required; `description` states the rule. */
export function FormNewPassword<T extends FieldValues>(props: Omit<Base<T>, 'isRequired'>) {
  return <FormTextField {...props} type="password" autoComplete="new-password" isRequired />;
}

export function FormTextArea<T extends FieldValues>({ control, name, rows, ...props }: Base<T> & { rows?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextArea
          {...props}
          name={field.name}
          rows={rows}
          value={field.value == null ? '' : String(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

export function FormSelect<T extends FieldValues>({ control, name, options, ...props }: Base<T> & { options: readonly SelectOption[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          name={field.name}
          options={options}
          value={field.value ? String(field.value) : null}
          onChange={field.onChange}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

export function FormSwitch<T extends FieldValues>({ control, name, label, description }: Omit<Base<T>, 'isRequired'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex flex-col gap-1">
          <Switch name={field.name} isSelected={Boolean(field.value)} onChange={field.onChange}>
            {label}
          </Switch>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
      )}
    />
  );
}

/**
 * A dialog's submit: save, then close. On failure the dialog stays open (the mutation's toast has
 * said why) and a 400's `{ errors: { field: message } }` is shown next to those fields.
 */
export function saveThenClose<T, F extends FieldValues = FieldValues>(save: (input: T) => Promise<unknown>, close: () => void, setError: UseFormSetError<F>) {
  return async (input: T) => {
    try {
      await save(input);
      close();
    } catch (error) {
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.fieldErrors)) setError(field as Parameters<UseFormSetError<F>>[0], { message });
    }
  };
}

export const optionsOf = (values: readonly string[], labels?: Record<string, string>): SelectOption[] =>
  values.map((id) => ({ id, label: labels?.[id] ?? id }));
