// 'Eliminar' with its confirmation dialog; rendered only for admins (colaboradores cannot delete,
// and the server refuses them anyway).
import { Trash2 } from 'lucide-react';
import { useSession } from '../session';
import { commonTexts } from '../texts';
import { ConfirmAction } from './ConfirmAction';

type Props = {
  /** The question, e.g. '¿Está seguro que desea eliminar este formulario?'. */
  message: string;
  onDelete: () => Promise<unknown>;
  isPending: boolean;
};

export function DeleteAction({ message, onDelete, isPending }: Props) {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <ConfirmAction
      icon={Trash2}
      label={commonTexts.delete}
      danger
      title={commonTexts.confirmTitle}
      message={message}
      onConfirm={onDelete}
      isPending={isPending}
    />
  );
}
