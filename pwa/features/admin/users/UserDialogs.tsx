// The three user dialogs: create (username, password, role), reset a password, change a role.
// Validation comes from domain's userCreateInput / userPatchInput; the server's 409s (a taken
// username, the last active admin) arrive as a toast with its Spanish reason.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { userCreateInput, userPatchInput, userRoleLabel, userRoles, type User, type UserCreateInput } from '../../../../domain';
import { FormDialog } from '../common/FormDialog';
import { saveThenClose, FormSelect, FormTextField, optionsOf } from '../common/form-fields';
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
      <FormTextField
        control={form.control}
        name="password"
        label={t.fieldPassword}
        type="password"
        autoComplete="new-password"
        description={t.passwordHint}
        isRequired
      />
      <FormSelect control={form.control} name="role" label={t.fieldRole} options={roleOptions} isRequired />
    </FormDialog>
  );
}

const passwordOnly = z.object({ password: userPatchInput.shape.password.unwrap() });

export function ResetPasswordDialog({ isOpen, onOpenChange, user }: DialogProps & { user: User }) {
  const update = useUpdateUser();
  const form = useForm({ resolver: zodResolver(passwordOnly), defaultValues: { password: '' } });

  useEffect(() => {
    if (isOpen) form.reset({ password: '' });
  }, [isOpen, form]);

  const onSubmit = form.handleSubmit(
    saveThenClose(
      ({ password }) => update.mutateAsync({ id: user.id, patch: { password } }),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t.resetTitle(user.username)}
      mode="edit"
      isSaving={update.isPending}
      onSubmit={onSubmit}
      size="sm"
    >
      <p className="text-sm text-slate-600">{t.resetHint}</p>
      <FormTextField
        control={form.control}
        name="password"
        label={t.fieldNewPassword}
        type="password"
        autoComplete="new-password"
        description={t.passwordHint}
        isRequired
      />
    </FormDialog>
  );
}

const roleOnly = z.object({ role: z.enum(userRoles) });

export function RoleDialog({ isOpen, onOpenChange, user }: DialogProps & { user: User }) {
  const update = useUpdateUser();
  const form = useForm({ resolver: zodResolver(roleOnly), defaultValues: { role: user.role } });

  useEffect(() => {
    if (isOpen) form.reset({ role: user.role });
  }, [isOpen, user.role, form]);

  // On failure the toast says why (e.g. the last active admin cannot be demoted); the dialog stays open.
  const onSubmit = form.handleSubmit(
    saveThenClose(
      ({ role }) => update.mutateAsync({ id: user.id, patch: { role } }),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t.roleTitle(user.username)}
      mode="edit"
      isSaving={update.isPending}
      onSubmit={onSubmit}
      size="sm"
    >
      <FormSelect control={form.control} name="role" label={t.fieldRole} options={roleOptions} isRequired />
    </FormDialog>
  );
}

const noticeOnly = z.object({ noticeEmail: userPatchInput.shape.noticeEmail.unwrap() });

export function NoticeEmailDialog({ isOpen, onOpenChange, user }: DialogProps & { user: User }) {
  const update = useUpdateUser();
  const form = useForm({ resolver: zodResolver(noticeOnly), defaultValues: { noticeEmail: user.noticeEmail ?? '' } });

  useEffect(() => {
    if (isOpen) form.reset({ noticeEmail: user.noticeEmail ?? '' });
  }, [isOpen, user.noticeEmail, form]);

  const onSubmit = form.handleSubmit(
    saveThenClose(
      ({ noticeEmail }) => update.mutateAsync({ id: user.id, patch: { noticeEmail } }),
      () => onOpenChange(false),
      form.setError,
    ),
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t.noticeEmailTitle(user.username)}
      mode="edit"
      isSaving={update.isPending}
      onSubmit={onSubmit}
      size="sm"
    >
      <FormTextField control={form.control} name="noticeEmail" label={t.noticeEmail} type="email" autoComplete="off" description={t.noticeEmailHint} />
    </FormDialog>
  );
}
