// The create/edit dialog of every tab: a title that says which mode, the form, and the footer with
// 'Cancelar' and 'Crear' / 'Actualizar' ('Guardando...' while saving); and useRecordDialog, the form's
// life in it (reset on every opening, saved through create or update, closed on success).
import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { commonTexts } from '../texts';
import { saveThenClose } from './form-fields';

type Props = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  mode: 'create' | 'edit';
  isSaving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

export function FormDialog({ isOpen, onOpenChange, title, mode, isSaving, onSubmit, children, size = 'lg' }: Props) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} size={size}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onPress={() => onOpenChange(false)} isDisabled={isSaving}>
            {commonTexts.cancel}
          </Button>
          <Button type="submit" isPending={isSaving}>
            {isSaving ? commonTexts.saving : mode === 'create' ? commonTexts.create : commonTexts.update}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type Mutation<TArgs> = { mutateAsync: (args: TArgs) => Promise<unknown>; isPending: boolean };

type RecordDialogOptions<TValues extends FieldValues, TInput, TRecord extends { id: string }> = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited; null creates one. */
  record: TRecord | null;
  form: UseFormReturn<TValues, unknown, TInput>;
  /** The blank form of a create (a constant). */
  empty: TValues;
  /** The form of an edit, from the record (a constant function). */
  valuesOf: (record: TRecord) => TValues;
  create: Mutation<TInput>;
  update: Mutation<{ id: string; input: TInput }>;
};

/**
 * A create/edit dialog's form: blank (create) or the record's values (edit) on every opening, saved
 * through `create` or `update`, closed on success; on failure it stays open with the server's field
 * errors beside their fields. Returns FormDialog's props but the title.
 */
export function useRecordDialog<TValues extends FieldValues, TInput, TRecord extends { id: string }>({
  isOpen,
  onOpenChange,
  record,
  form,
  empty,
  valuesOf,
  create,
  update,
}: RecordDialogOptions<TValues, TInput, TRecord>) {
  useEffect(() => {
    if (isOpen) form.reset(record ? valuesOf(record) : empty);
  }, [isOpen, record, form, empty, valuesOf]);

  const onSubmit = form.handleSubmit(
    saveThenClose(
      (input: TInput) => (record ? update.mutateAsync({ id: record.id, input }) : create.mutateAsync(input)),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  const mode: 'create' | 'edit' = record ? 'edit' : 'create';
  return { isOpen, onOpenChange, mode, isSaving: create.isPending || update.isPending, onSubmit };
}
