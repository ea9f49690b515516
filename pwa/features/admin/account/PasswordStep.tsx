// The current password asked before a change to how the account signs in (an authenticator app set up
// or turned off, a passkey added): the server refuses those changes without it, so a session left open
// on another computer is not enough to give someone a way in of their own.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { currentPasswordInput } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { FormTextField, saveThenClose } from '../common/form-fields';
import { accountTexts as t } from './texts';

type Props = {
  /** The button that opens the step, and the step's own submit button. */
  action: string;
  /** What the step says above the password field. */
  hint: string;
  /** Runs with the password; a field error from the server is shown beside the field. */
  onConfirm: (password: string) => Promise<unknown>;
  isPending: boolean;
  variant?: 'primary' | 'outline' | 'destructive';
  icon?: ReactNode;
};

export function PasswordStep({ action, hint, onConfirm, isPending, variant = 'primary', icon }: Props) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(currentPasswordInput), defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit(
    saveThenClose(
      ({ password }) => onConfirm(password),
      () => {
        setOpen(false);
        form.reset();
      },
      form.setError,
    ),
  );
  if (!open)
    return (
      <Button variant={variant === 'destructive' ? 'outline' : variant} className="self-start" onPress={() => setOpen(true)}>
        {icon}
        {action}
      </Button>
    );
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-3" aria-label={action}>
      <p className="text-sm text-slate-700">{hint}</p>
      <FormTextField control={form.control} name="password" label={t.password} type="password" autoComplete="current-password" isRequired autoFocus />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={variant} isPending={isPending}>
          {action}
        </Button>
        <Button
          variant="outline"
          onPress={() => {
            setOpen(false);
            form.reset();
          }}
        >
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
