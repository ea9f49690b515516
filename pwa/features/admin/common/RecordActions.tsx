// The actions a staff-written record's card ends with: 'Editar', 'Historial' and, for admins,
// 'Eliminar' with its confirmation. News, services and feed sources.
import { Pencil } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { HistoryAction } from '../history/HistoryAction';
import { commonTexts } from '../texts';
import { DeleteAction } from './DeleteAction';

type Props = {
  record: { id: string };
  /** How the record is named in its history dialog. */
  name: string;
  onEdit: () => void;
  /** The delete confirmation's question. */
  deleteMessage: string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
};

export function RecordActions({ record, name, onEdit, deleteMessage, remove }: Props) {
  return (
    <>
      <Button variant="outline" size="sm" onPress={onEdit}>
        <Pencil className="size-4" aria-hidden="true" />
        {commonTexts.edit}
      </Button>
      <HistoryAction recordId={record.id} recordName={name} />
      <DeleteAction message={deleteMessage} onDelete={() => remove.mutateAsync(record.id)} isPending={remove.isPending} />
    </>
  );
}
