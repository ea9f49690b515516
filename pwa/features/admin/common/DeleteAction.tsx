// 'Eliminar' with its confirmation dialog; rendered only for admins (colaboradores cannot delete,
// and the server refuses them anyway).
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSession } from '../session';
import { commonTexts } from '../texts';

type Props = {
  /** The question, e.g. '¿Está seguro que desea eliminar este formulario?'. */
  message: string;
  onDelete: () => Promise<unknown>;
  isPending: boolean;
};

export function DeleteAction({ message, onDelete, isPending }: Props) {
  const { isAdmin } = useSession();
  const [open, setOpen] = useState(false);
  if (!isAdmin) return null;
  const confirm = () =>
    onDelete().then(
      () => setOpen(false),
      () => setOpen(false),
    );
  return (
    <>
      <Button variant="ghost" size="sm" className="text-red-700" onPress={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        {commonTexts.delete}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={commonTexts.confirmTitle}
        message={message}
        confirmLabel={commonTexts.delete}
        cancelLabel={commonTexts.cancel}
        onConfirm={confirm}
        isPending={isPending}
      />
    </>
  );
}
