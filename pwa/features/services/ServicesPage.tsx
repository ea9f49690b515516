// Services (/servicios): the services of GET /api/services as cards, how we work, and a quote button.
import { Link } from 'wouter';
import { CalendarClock, Check, FileText, Globe, type LucideIcon } from 'lucide-react';
import type { Service } from '../../../domain';
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { buttonClass } from '../../ui/button-styles';
import { PageHero } from '../layout/PageHero';
import { useServices } from './api';
import { ServiceIcon } from './ServiceIcon';
import { useLang, useLocalePath } from '../../i18n/lang';
import { useTexts } from '../../i18n/texts';
import { servicesPageTexts } from './texts';

const featureIcons: LucideIcon[] = [Globe, CalendarClock, FileText];

export default function ServicesPage() {
  const servicesTexts = useTexts('services', servicesPageTexts);
  const to = useLocalePath();
  usePageHead(servicesTexts.head(useSite()));
  const { data: services, isPending, isError } = useServices();
  return (
    <>
      <PageHero title={servicesTexts.title} subtitle={servicesTexts.subtitle} />
      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        {servicesTexts.dataLanguageNote && <p className="mb-8 text-center text-sm text-slate-600">{servicesTexts.dataLanguageNote}</p>}
        {isPending && <p className="text-center text-slate-600">{servicesTexts.loading}</p>}
        {isError && <p className="text-center font-medium text-red-700">{servicesTexts.error}</p>}
        {services?.length === 0 && <p className="text-center text-slate-600">{servicesTexts.empty}</p>}
        {services && services.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </ul>
        )}
      </section>

      <section className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">{servicesTexts.featuresTitle}</h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {servicesTexts.features.map((feature, i) => {
              const Icon = featureIcons[i];
              return (
                <li key={feature.title} className="flex gap-4 rounded-xl border border-slate-200 p-6">
                  <Icon className="size-7 shrink-0 text-accent-700" aria-hidden="true" />
                  <div>
                    <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                    <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-12 rounded-2xl bg-navy-900 px-6 py-10 text-center text-white">
            <h2 className="text-2xl font-bold">{servicesTexts.quoteTitle}</h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">{servicesTexts.quoteText}</p>
            <Link href={to('/contacto')} className={buttonClass('primary', 'lg', 'mt-8')}>
              {servicesTexts.quoteButton}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function ServiceCard({ service }: { service: Service }) {
  // Services are written in Spanish only: on the English page they say so, for screen readers too.
  const lang = useLang() === 'es' ? undefined : 'es';
  return (
    <li lang={lang} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-navy-900 text-accent-400">
        <ServiceIcon name={service.icon} className="size-6" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{service.title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{service.description}</p>
      {service.features.length > 0 && (
        <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
