// Where security notices go (a sign-in from a new device); empty: no notices.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { noticeEmail } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { FormTextField, saveThenClose } from '../common/form-fields';
import { useSaveNoticeEmail } from './api';
import { Section } from './Section';
import { accountTexts as t } from './texts';

const noticeForm = z.object({ noticeEmail });

export function NoticeEmailSection({ current }: { current: string | null }) {
  const save = useSaveNoticeEmail();
  const form = useForm({ resolver: zodResolver(noticeForm), defaultValues: { noticeEmail: current ?? '' } });
  useEffect(() => form.reset({ noticeEmail: current ?? '' }), [current, form]);
  const onSubmit = form.handleSubmit(
    saveThenClose(
      (input) => save.mutateAsync(input),
      () => {},
      form.setError,
    ),
  );
  return (
    <Section id="notice-title" title={t.noticeTitle} intro={t.noticeIntro}>
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
        <FormTextField control={form.control} name="noticeEmail" label={t.noticeEmail} type="email" autoComplete="email" />
        <Button type="submit" className="self-start" isPending={save.isPending}>
          {t.save}
        </Button>
      </form>
    </Section>
  );
}
