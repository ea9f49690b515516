// A card's action that asks first: its button, then "are you sure?" (ui/ConfirmDialog), which closes
// once the action has ended, done or failed (the action's toast says which). Delete, disable a user,
// end a user's sessions, delete a draft.
import { useState } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { commonTexts } from '../texts';

type Props = {
  icon: LucideIcon;
  label: string;
  /** A red button, for what takes something away (delete, disable); otherwise an outline one. */
  danger?: boolean;
  title: string;
  /** The question, e.g. '¿Está seguro que desea eliminar este formulario?'. */
  message: string;
  /** The confirming button; the action's own label unless said. */
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  isPending?: boolean;
};

export function ConfirmAction({ icon: Icon, label, danger = false, title, message, confirmLabel = label, onConfirm, isPending }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant={danger ? 'ghost' : 'outline'} size="sm" className={danger ? 'text-red-700' : undefined} onPress={() => setOpen(true)}>
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        cancelLabel={commonTexts.cancel}
        onConfirm={() => void onConfirm().then(close, close)}
        isPending={isPending}
      />
    </>
  );
}
