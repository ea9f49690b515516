// The message form: domain's contactMessageInput validates it (the same schema as the API), a hidden
// 'website' field catches bots, and the required toasts report the outcome. Each submission
// carries an Idempotency-Key, so a retry after a lost answer never makes a second message. Sent while
// the browser is offline, it waits (TanStack Query holds the mutation) and goes when the connection is back.
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { contactMessageInput, type ContactFormValues, type ContactMessageInput } from '../../../domain';
import { apiJson } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Honeypot } from '../../ui/Honeypot';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toast';
import { useTexts } from '../../i18n/texts';
import { useLang } from '../../i18n/lang';
import { contactPageTexts, type ContactTexts } from './texts';

const emptyForm: ContactFormValues = { name: '', email: '', phone: '', message: '', website: '' };

export function ContactForm({ onSent }: { onSent: () => void }) {
  const contactTexts = useTexts('contact', contactPageTexts);
  const lang = useLang();
  // The English page shows its own messages for the fields it checks; the schema's are Spanish.
  const errorOf = (field: keyof ContactTexts['fieldErrors'], message: string | undefined) => message && (contactTexts.fieldErrors[field] || message);
  const { control, handleSubmit, reset, register } = useForm<ContactFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: emptyForm,
  });
  // One key per message: the same text sent again keeps it; an edited text is another submission.
  const submission = useRef<{ key: string; body: string } | null>(null);
  const keyFor = (message: ContactMessageInput) => {
    const body = JSON.stringify(message);
    if (submission.current?.body !== body) submission.current = { key: crypto.randomUUID(), body };
    return submission.current.key;
  };
  const send = useMutation({
    mutationFn: (message: ContactMessageInput) =>
      apiJson('POST', '/api/contact', lang === 'en' ? { ...message, language: lang } : message, { headers: { 'Idempotency-Key': keyFor(message) } }),
    onSuccess: () => {
      submission.current = null;
      toast({ title: contactTexts.toastSuccessTitle, description: contactTexts.toastSuccessText });
      reset(emptyForm);
      onSent();
    },
    onError: () => toast({ title: contactTexts.toastErrorTitle, description: contactTexts.toastErrorText, variant: 'destructive' }),
  });

  return (
    // POST: a message sent before any script ran would otherwise travel in the address.
    <form method="post" noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="mt-6 grid gap-5 sm:grid-cols-2">
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            label={contactTexts.name}
            autoComplete="name"
            isRequired
            {...fieldProps(field)}
            inputRef={field.ref}
            errorMessage={errorOf('name', fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <TextField
            label={contactTexts.email}
            type="email"
            autoComplete="email"
            isRequired
            {...fieldProps(field)}
            inputRef={field.ref}
            errorMessage={errorOf('email', fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <TextField
            label={contactTexts.phone}
            type="tel"
            autoComplete="tel"
            className="sm:col-span-2"
            {...fieldProps(field)}
            inputRef={field.ref}
            errorMessage={errorOf('phone', fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="message"
        render={({ field, fieldState }) => (
          <TextArea
            label={contactTexts.message}
            placeholder={contactTexts.messagePlaceholder}
            rows={6}
            isRequired
            className="sm:col-span-2"
            {...fieldProps(field)}
            inputRef={field.ref}
            errorMessage={errorOf('message', fieldState.error?.message)}
          />
        )}
      />
      <Honeypot label={contactTexts.honeypot} field={register('website')} />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" isPending={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? contactTexts.submitting : contactTexts.submit}
        </Button>
        {/* Sent while the browser is offline, the message waits in this page and goes when the connection is back: say so. */}
        <p role="status" className="mt-3 text-sm text-slate-600">
          {send.isPaused && contactTexts.waitingForConnection}
        </p>
      </div>
    </form>
  );
}

/** react-hook-form's field as react-aria's TextField wants it (value as a string, onChange with it). */
function fieldProps(field: { name: string; value?: unknown; onChange: (value: string) => void; onBlur: () => void }) {
  return { name: field.name, value: typeof field.value === 'string' ? field.value : '', onChange: field.onChange, onBlur: field.onBlur };
}
