// Changing one's own password: the current one, then a new one (12+ characters, not a common one).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeInput, type PasswordChangeInput } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { FormNewPassword, FormTextField, saveThenClose } from '../common/form-fields';
import { useChangePassword } from './api';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function PasswordSection() {
  const change = useChangePassword();
  const empty: PasswordChangeInput = { currentPassword: '', newPassword: '' };
  const form = useForm({ resolver: zodResolver(passwordChangeInput), defaultValues: empty });
  const onSubmit = form.handleSubmit(
    saveThenClose(
      (input) => change.mutateAsync(input),
      () => form.reset(empty),
      form.setError,
    ),
  );
  return (
    <Section id="password-title" title={t.passwordTitle}>
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
        <FormTextField control={form.control} name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password" isRequired />
        <FormNewPassword control={form.control} name="newPassword" label={t.newPassword} description={t.newPasswordHint} />
        <Button type="submit" className="self-start" isPending={change.isPending}>
          {t.changePassword}
        </Button>
      </form>
    </Section>
  );
}
