// One field of the advance form, drawn from its FieldSpec in domain/advance-form-layout.ts: the
// control of its kind, its label with '*' when required, its error, and, for a switch, its detail
// fields while it is on. Words come from the page's language (layout-words.ts).
import { Controller, type Control, type ControllerRenderProps, type RefCallBack } from 'react-hook-form';
import type { AdvanceFormInput, AdvanceFormValues, FieldSpec, PhotoField } from '../../../domain';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { TimeField } from '../../ui/TimeField';
import type { AdvanceFormMode } from './api';
import type { LayoutWords } from './layout-words';
import { PhotoSlot, type PhotoUploadResult } from './PhotoSlot';
import type { AdvanceFormTexts } from './texts';

export type FieldContext = {
  control: Control<AdvanceFormValues, unknown, AdvanceFormInput>;
  mode: AdvanceFormMode;
  texts: AdvanceFormTexts;
  words: LayoutWords;
  photos: Partial<Record<PhotoField, Blob | null>>;
  onPhotoChange: (field: PhotoField, photo: Blob | null) => void | Promise<void>;
  uploadPhoto: (field: PhotoField, photo: Blob) => Promise<string>;
  onUpload: (field: PhotoField, done: Promise<PhotoUploadResult>) => void;
};

// Short answers sit two to a row from tablets up; long ones, switches and photos take the full width.
const wide = (spec: FieldSpec) => spec.kind === 'textarea' || spec.kind === 'switch' || spec.kind === 'photo';

export function AdvanceFormField({ spec, context }: { spec: FieldSpec; context: FieldContext }) {
  return (
    <Controller
      control={context.control}
      name={spec.key}
      render={({ field, fieldState }) => (
        <div className={wide(spec) ? 'md:col-span-2' : undefined}>
          <FieldControl spec={spec} field={field} error={fieldState.error?.message} context={context} />
        </div>
      )}
    />
  );
}

type ControlProps = {
  spec: FieldSpec;
  field: ControllerRenderProps<AdvanceFormValues, FieldSpec['key']>;
  error?: string;
  context: FieldContext;
};

function FieldControl({ spec, field, error, context }: ControlProps) {
  const { texts: t, words } = context;
  const label = words.label(spec);
  const required = 'required' in spec && Boolean(spec.required);
  const common = { name: field.name, onBlur: field.onBlur, errorMessage: error, isRequired: required };
  switch (spec.kind) {
    case 'time':
      // 24-hour segments whatever the browser's locale (a native time input may show a.m./p.m.).
      return (
        <div ref={focusHandle(field.ref, '[role=spinbutton]')}>
          <TimeField {...common} label={label} value={asText(field.value)} onChange={field.onChange} />
        </div>
      );
    case 'text':
      return (
        <TextField
          {...common}
          label={label}
          type={spec.kind}
          placeholder={words.placeholder(spec)}
          value={asText(field.value)}
          onChange={field.onChange}
          inputRef={field.ref}
        />
      );
    case 'textarea':
      return (
        <TextArea
          {...common}
          label={label}
          rows={3}
          placeholder={words.placeholder(spec)}
          value={asText(field.value)}
          onChange={field.onChange}
          inputRef={field.ref}
        />
      );
    case 'number':
      return (
        <TextField
          {...common}
          label={label}
          type="number"
          inputMode="numeric"
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(text) => field.onChange(text === '' ? '' : Number(text))}
          // An invalid or empty number becomes 0 when the person leaves the field (docs/rules.md, 'Advance forms and photos').
          onBlur={() => {
            if (typeof field.value !== 'number' || !Number.isFinite(field.value)) field.onChange(0);
            field.onBlur();
          }}
          inputRef={field.ref}
        />
      );
    case 'date':
      return (
        <div ref={focusHandle(field.ref, '[role=spinbutton]')}>
          <DatePicker {...common} label={label} value={asText(field.value)} onChange={field.onChange} />
        </div>
      );
    case 'select':
      return (
        <div ref={focusHandle(field.ref, 'button')}>
          <Select
            {...common}
            label={label}
            placeholder={t.selectPlaceholder}
            options={spec.options.map((option) => ({ id: option, label: words.option(option) }))}
            value={asText(field.value) || null}
            onChange={field.onChange}
          />
        </div>
      );
    case 'photo':
      return (
        <div ref={focusHandle(field.ref, 'button')}>
          <PhotoSlot
            label={label}
            texts={t}
            mode={context.mode}
            value={asText(field.value) || null}
            onChange={field.onChange}
            errorMessage={error}
            preview={context.photos[spec.key as PhotoField]}
            onPreviewChange={(photo) => context.onPhotoChange(spec.key as PhotoField, photo)}
            upload={(photo) => context.uploadPhoto(spec.key as PhotoField, photo)}
            onUpload={(done) => context.onUpload(spec.key as PhotoField, done)}
          />
        </div>
      );
    case 'switch':
      return (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <Switch name={field.name} isSelected={Boolean(field.value)} onChange={field.onChange} onBlur={field.onBlur}>
            {label}
          </Switch>
          {Boolean(field.value) && spec.details.length > 0 && (
            <div className="mt-3 grid gap-4 border-l-4 border-accent-400 pl-3 md:grid-cols-2">
              {spec.details.map((detail) => (
                <AdvanceFormField key={detail.key} spec={detail} context={context} />
              ))}
            </div>
          )}
        </div>
      );
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Composite controls (date, select, photo) have no single input to hand react-hook-form; this gives
 * it something with focus() that moves the focus to the control's first focusable part.
 */
function focusHandle(register: RefCallBack, selector: string) {
  return (element: HTMLElement | null) => register(element ? { focus: () => element.querySelector<HTMLElement>(selector)?.focus() } : null);
}
