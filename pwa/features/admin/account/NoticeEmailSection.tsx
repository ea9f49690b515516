// Where security notices go (a sign-in from a new device); empty: no notices. Changed with the current
// password: a session alone must not send the account's warnings elsewhere.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { noticeEmailInput } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { FormTextField, saveThenClose } from '../common/form-fields';
import { useSaveNoticeEmail } from './api';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function NoticeEmailSection({ current }: { current: string | null }) {
  const save = useSaveNoticeEmail();
  const form = useForm({ resolver: zodResolver(noticeEmailInput), defaultValues: { noticeEmail: current ?? '', password: '' } });
  useEffect(() => form.reset({ noticeEmail: current ?? '', password: '' }), [current, form]);
  const onSubmit = form.handleSubmit(
    saveThenClose(
      (input) => save.mutateAsync(input),
      () => form.resetField('password'),
      form.setError,
    ),
  );
  return (
    <Section id="notice-title" title={t.noticeTitle} intro={t.noticeIntro}>
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
        <FormTextField control={form.control} name="noticeEmail" label={t.noticeEmail} type="email" autoComplete="email" />
        <FormTextField
          control={form.control}
          name="password"
          label={t.currentPassword}
          description={t.noticePasswordHint}
          type="password"
          autoComplete="current-password"
          isRequired
        />
        <Button type="submit" className="self-start" isPending={save.isPending}>
          {t.save}
        </Button>
      </form>
    </Section>
  );
}
