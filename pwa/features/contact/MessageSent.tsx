// What replaces the form once the message is sent ('¡Mensaje Enviado!', 'Enviar otro mensaje').
import { useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import { Button } from '../../ui/Button';
import { useTexts } from '../../i18n/texts';
import { contactPageTexts } from './texts';

export function MessageSent({ onSendAnother }: { onSendAnother: () => void }) {
  const contactTexts = useTexts('contact', contactPageTexts);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the keyboard was in is gone: move focus to the news that replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <CircleCheck className="size-16 text-emerald-600" aria-hidden="true" />
      <h2 id="formulario-contacto" ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        {contactTexts.sentTitle}
      </h2>
      <p className="mt-3 max-w-md text-slate-600">{contactTexts.sentText}</p>
      <Button variant="dark" className="mt-8" onPress={onSendAnother}>
        {contactTexts.sendAnother}
      </Button>
    </div>
  );
}
