// Home (/): hero, the four services, why us, threats, latest news (only when there is news), closing call.
import { Link } from 'wouter';
import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  Camera,
  ClipboardList,
  Cpu,
  EyeOff,
  FileText,
  Globe,
  MapPin,
  Mic,
  Radar,
  ScanSearch,
  ShieldCheck,
  Wifi,
  type LucideIcon,
} from 'lucide-react';
import { usePageHead } from '../../lib/head';
import { useSite, useWhatsappLink } from '../../lib/site';
import { buttonClass } from '../../ui/button-styles';
import { useLocalePath } from '../../i18n/lang';
import { useProvidedTexts } from '../../i18n/texts';
import { WhatsAppIcon } from '../layout/WhatsAppIcon';
import { NewsCard, useLatestNews } from '../news';
// Provided by the page of each language (SpanishHomePage, EnglishHomePage): neither loads the other's.
const useHomeTexts = () => useProvidedTexts('home');

const serviceIcons: LucideIcon[] = [Radar, ScanSearch, Wifi, ShieldCheck];
const benefitIcons: LucideIcon[] = [Cpu, BadgeCheck, Globe, CalendarClock, FileText, EyeOff];
const threatIcons: LucideIcon[] = [Mic, Camera, MapPin, Wifi];

export default function HomePage() {
  const homeTexts = useHomeTexts();
  const to = useLocalePath();
  usePageHead(homeTexts.head(useSite()));
  return (
    <>
      <Hero />
      <Section title={homeTexts.servicesTitle} subtitle={homeTexts.servicesSubtitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {homeTexts.services.map((service, i) => (
            <IconCard key={service.title} icon={serviceIcons[i]} title={service.title} text={service.text} />
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link href={to('/servicios')} className={buttonClass('dark', 'lg')}>
            {homeTexts.allServices}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </Section>

      <Section title={homeTexts.whyTitle} subtitle={homeTexts.whySubtitle} tone="white">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {homeTexts.benefits.map((benefit, i) => (
            <IconCard key={benefit.title} icon={benefitIcons[i]} title={benefit.title} text={benefit.text} />
          ))}
        </ul>
      </Section>

      <Threats />
      <LatestNews />
      <ClosingCall />
    </>
  );
}

function Hero() {
  const homeTexts = useHomeTexts();
  const to = useLocalePath();
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(34,211,238,0.18),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(42,59,95,0.9),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-400/10 px-3 py-1 text-xs font-semibold tracking-wide text-accent-300 uppercase">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {homeTexts.heroEyebrow}
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{homeTexts.heroTitle}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{homeTexts.heroSubtitle}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link href={to('/servicios')} className={buttonClass('primary', 'lg')}>
            {homeTexts.ctaServices}
          </Link>
          <Link href={to('/contacto')} className={buttonClass('onDark', 'lg')}>
            {homeTexts.ctaContact}
          </Link>
          <Link href={to('/formulario-avanzada')} className={buttonClass('onDark', 'lg')}>
            <ClipboardList className="size-5" aria-hidden="true" />
            {homeTexts.ctaAdvanceForm}
          </Link>
        </div>
      </div>
    </section>
  );
}

function Section({ title, subtitle, tone = 'slate', children }: { title: string; subtitle: string; tone?: 'slate' | 'white'; children: React.ReactNode }) {
  return (
    <section className={tone === 'white' ? 'bg-white' : 'bg-slate-50'}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
          <p className="mt-4 text-lg text-slate-600">{subtitle}</p>
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

function IconCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-navy-900 text-accent-400">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
    </li>
  );
}

function Threats() {
  const homeTexts = useHomeTexts();
  return (
    <section className="bg-navy-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:items-center lg:px-8">
        <div>
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{homeTexts.threatsTitle}</h2>
          <p className="mt-4 text-lg text-slate-300">{homeTexts.threatsSubtitle}</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {homeTexts.threats.map((threat, i) => {
            const Icon = threatIcons[i];
            return (
              <li key={threat.title} className="rounded-xl border border-white/10 bg-white/5 p-5">
                <Icon className="size-6 text-accent-400" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{threat.title}</h3>
                <p className="mt-1 text-sm text-slate-300">{threat.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** Hidden while there is no news (docs/rules.md, 'News and the review queue'), and while it loads: nothing to show yet. */
function LatestNews() {
  const homeTexts = useHomeTexts();
  const to = useLocalePath();
  const { data } = useLatestNews();
  if (!data?.items.length) return null;
  return (
    <Section title={homeTexts.newsTitle} subtitle={homeTexts.newsSubtitle} tone="white">
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.items.slice(0, 3).map((article) => (
          <li key={article.slug}>
            <NewsCard article={article} headingLevel="h3" inSpanishLabel={homeTexts.newsInSpanish} />
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link href={to('/noticias')} className={buttonClass('dark', 'lg')}>
          {homeTexts.allNews}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </Section>
  );
}

function ClosingCall() {
  const homeTexts = useHomeTexts();
  const to = useLocalePath();
  const whatsapp = useWhatsappLink(useProvidedTexts('layout').whatsappMessage);
  return (
    <section className="bg-gradient-to-br from-navy-800 to-navy-950 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{homeTexts.closingTitle}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{homeTexts.closingText}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
            <WhatsAppIcon className="size-5" />
            {homeTexts.closingWhatsapp}
          </a>
          <Link href={to('/contacto')} className={buttonClass('onDark', 'lg')}>
            {homeTexts.closingContact}
          </Link>
        </div>
      </div>
    </section>
  );
}
