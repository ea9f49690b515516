// The contact page's message form under its heading (editing -> submitting -> sent), in a chunk of its
// own: the server renders it with the page, and its code (react-aria, react-hook-form, zod) loads when
// the visitor first reaches for it (ContactPage.tsx).
import { useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { withLocale } from '../../ui/Locale';
import { ContactForm } from './ContactForm';
import { MessageSent } from './MessageSent';
import { contactPageTexts } from './texts';

function ContactFormSection() {
  const contactTexts = useTexts('contact', contactPageTexts);
  const [sent, setSent] = useState(false);
  return (
    <section aria-labelledby="formulario-contacto" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
      {sent ? (
        <MessageSent onSendAnother={() => setSent(false)} />
      ) : (
        <>
          <h2 id="formulario-contacto" className="text-2xl font-bold text-slate-900">
            {contactTexts.formTitle}
          </h2>
          <p className="mt-1 text-slate-600">{contactTexts.formIntro}</p>
          <ContactForm onSent={() => setSent(true)} />
        </>
      )}
    </section>
  );
}

export default withLocale(ContactFormSection);
