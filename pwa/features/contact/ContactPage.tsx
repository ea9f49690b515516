// Contact (/contacto): the ways to reach us, and the message form (ContactFormSection.tsx), which is in
// the server's HTML and loads its code when the visitor first reaches for it (pwa/lib/deferred-part.tsx).
import { CalendarClock, Globe, Mail, type LucideIcon } from 'lucide-react';
import { deferredPart } from '../../lib/deferred-part';
import { usePageHead } from '../../lib/head';
import { formatPhone, useSite, whatsappLink } from '../../lib/site';
import { PageHero } from '../layout/PageHero';
import { WhatsAppIcon } from '../layout/WhatsAppIcon';
import { useTexts } from '../../i18n/texts';
import { contactPageTexts } from './texts';

const FormSection = deferredPart(() => import('./ContactFormSection'));

export default function ContactPage() {
  const site = useSite();
  const contactTexts = useTexts('contact', contactPageTexts);
  usePageHead(contactTexts.head(site));

  return (
    <>
      <PageHero title={contactTexts.title} subtitle={contactTexts.subtitle} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <section aria-labelledby="medios-de-contacto" className="lg:col-span-2">
          <h2 id="medios-de-contacto" className="sr-only">
            {contactTexts.cardsLabel}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <ContactCard icon={WhatsAppIcon} title={contactTexts.whatsappTitle} text={contactTexts.whatsappText}>
              <a
                href={whatsappLink(site.contactPhone, contactTexts.whatsappMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-accent-800 underline-offset-2 hover:underline"
              >
                {formatPhone(site.contactPhone)}
              </a>
            </ContactCard>
            <ContactCard icon={Mail} title={contactTexts.emailTitle}>
              <a href={`mailto:${site.contactEmail}`} className="font-semibold break-all text-accent-800 underline-offset-2 hover:underline">
                {site.contactEmail}
              </a>
            </ContactCard>
            <ContactCard icon={Globe} title={contactTexts.coverageTitle} text={contactTexts.coverageText} />
            <ContactCard icon={CalendarClock} title={contactTexts.modalityTitle} text={contactTexts.modalityText} />
          </ul>
        </section>

        <FormSection />
      </div>
    </>
  );
}

function ContactCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon | typeof WhatsAppIcon;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-navy-900 text-accent-400">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {text && <p className="mt-0.5 text-sm text-slate-600">{text}</p>}
        {children && <div className="mt-1 text-sm">{children}</div>}
      </div>
    </li>
  );
}
