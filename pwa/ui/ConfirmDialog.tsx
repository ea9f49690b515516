// "Are you sure?" before anything that cannot be undone (every delete of the admin panel).
import { Button } from './Button';
import { Dialog } from './Dialog';

export type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. '¿Está seguro que desea eliminar este formulario?'. */
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  isPending?: boolean;
  destructive?: boolean;
};

export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Eliminar',
  cancelLabel = 'Cancelar',
  onConfirm,
  isPending,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} role="alertdialog" size="sm">
      <p className="text-slate-700">{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onPress={() => onOpenChange(false)} isDisabled={isPending}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onPress={onConfirm} isPending={isPending} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
