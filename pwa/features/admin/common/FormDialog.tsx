// The create/edit dialog of every tab: a title that says which mode, the form, and the footer with
// 'Cancelar' and 'Crear' / 'Actualizar' ('Guardando...' while saving).
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { commonTexts } from '../texts';

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
