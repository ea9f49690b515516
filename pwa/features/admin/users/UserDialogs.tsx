// The user dialogs: create (username, password, role), and one field of an existing user (role,
// password reset, notice e-mail). Validation comes from domain's userCreateInput / userPatchInput; the
// server's 409s (a taken username, the last active admin) arrive as a toast with its Spanish reason.
import { useEffect } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userCreateInput, userPatchInput, userRoleLabel, userRoles, type User, type UserCreateInput } from '../../../../domain';
import { FormDialog } from '../common/FormDialog';
import { saveThenClose, FormNewPassword, FormSelect, FormTextField, optionsOf } from '../common/form-fields';
import { usersTexts as t } from '../texts';
import { useCreateUser, useUpdateUser } from './api';

const roleOptions = optionsOf(userRoles, userRoleLabel);

type DialogProps = { isOpen: boolean; onOpenChange: (open: boolean) => void };

export function CreateUserDialog({ isOpen, onOpenChange }: DialogProps) {
  const create = useCreateUser();
  const empty: UserCreateInput = { username: '', password: '', role: 'colaborador' };
  const form = useForm({ resolver: zodResolver(userCreateInput), defaultValues: empty });

  useEffect(() => {
    if (isOpen) form.reset(empty);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `empty` is a constant.
  }, [isOpen, form]);

  const onSubmit = form.handleSubmit(
    saveThenClose(
      (input) => create.mutateAsync(input),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  return (
    <FormDialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.dialogCreate} mode="create" isSaving={create.isPending} onSubmit={onSubmit} size="md">
      <FormTextField control={form.control} name="username" label={t.fieldUsername} autoComplete="off" isRequired />
      <FormNewPassword control={form.control} name="password" label={t.fieldPassword} description={t.passwordHint} />
      <FormSelect control={form.control} name="role" label={t.fieldRole} options={roleOptions} isRequired />
    </FormDialog>
  );
}

// One field of an existing user, one dialog: the role, an admin's password reset, or where the
// notices go. Each entry says its title and its input; the form, the submit and the footer are shared.
const oneFieldInput = userPatchInput.pick({ role: true, password: true, noticeEmail: true });
type OneFieldValues = z.input<typeof oneFieldInput>;
type OneFieldPatch = z.output<typeof oneFieldInput>;
type OneFieldControl = Control<OneFieldValues, unknown, OneFieldPatch>;
type Current = Pick<User, 'role' | 'noticeEmail'>;

const oneField = {
  role: {
    title: t.roleTitle,
    values: ({ role }: Current) => ({ role }),
    input: (control: OneFieldControl) => <FormSelect control={control} name="role" label={t.fieldRole} options={roleOptions} isRequired />,
  },
  password: {
    title: t.resetTitle,
    values: () => ({ password: '' }),
    input: (control: OneFieldControl) => (
      <>
        <p className="text-sm text-slate-600">{t.resetHint}</p>
        <FormNewPassword control={control} name="password" label={t.fieldNewPassword} description={t.passwordHint} />
      </>
    ),
  },
  noticeEmail: {
    title: t.noticeEmailTitle,
    values: ({ noticeEmail }: Current) => ({ noticeEmail: noticeEmail ?? '' }),
    input: (control: OneFieldControl) => (
      <FormTextField control={control} name="noticeEmail" label={t.noticeEmail} type="email" autoComplete="off" description={t.noticeEmailHint} />
    ),
  },
};

/** Changes one field of `user`. On failure the toast says why (e.g. the last active admin cannot be demoted); the dialog stays open. */
export function UserFieldDialog({ isOpen, onOpenChange, user, field }: DialogProps & { user: User; field: keyof typeof oneField }) {
  const update = useUpdateUser();
  const { title, values, input } = oneField[field];
  const { role, noticeEmail } = user;
  const form = useForm<OneFieldValues, unknown, OneFieldPatch>({
    resolver: zodResolver(oneFieldInput),
    defaultValues: values({ role, noticeEmail }),
  });

  useEffect(() => {
    if (isOpen) form.reset(values({ role, noticeEmail }));
  }, [isOpen, values, role, noticeEmail, form]);

  const onSubmit = form.handleSubmit(
    saveThenClose(
      (patch) => update.mutateAsync({ id: user.id, patch }),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  return (
    <FormDialog isOpen={isOpen} onOpenChange={onOpenChange} title={title(user.username)} mode="edit" isSaving={update.isPending} onSubmit={onSubmit} size="sm">
      {input(form.control)}
    </FormDialog>
  );
}
