// The public footer: who we are, where to go, what we do, how to reach us.
import { Link } from 'wouter';
import { Mail, MapPin, ShieldCheck } from 'lucide-react';
import { formatPhone, useSite, whatsappLink } from '../../lib/site';
import { WhatsAppIcon } from './WhatsAppIcon';
import { useProvidedTexts } from '../../i18n/texts';
import { LanguageSwitch } from './LanguageSwitch';
import { CachedPart } from '../../lib/server-fragments';

const headingClass = 'text-sm font-semibold tracking-wider text-white uppercase';
const linkClass = 'text-slate-300 transition-colors hover:text-accent-300';

export function Footer() {
  const year = new Date().getFullYear();
  // The same on every page of a path: the server renders it once (CachedPart).
  return (
    <CachedPart as="footer" className="bg-navy-950 text-slate-300" cacheKey={() => `footer\u0000${year}`}>
      <FooterContent year={year} />
    </CachedPart>
  );
}

function FooterContent({ year }: { year: number }) {
  const site = useSite();
  const layoutTexts = useProvidedTexts('layout');
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <ShieldCheck className="size-7 text-accent-400" aria-hidden="true" />
            {site.siteName}
          </p>
          <p className="mt-4 text-sm leading-relaxed">{layoutTexts.footerBlurb(site.siteName)}</p>
        </div>

        <nav aria-label={layoutTexts.footerNav}>
          <h2 className={headingClass}>{layoutTexts.footerNav}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {layoutTexts.navLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <LanguageSwitch className={`inline-flex items-center gap-2 ${linkClass}`} />
            </li>
            <li>
              {/* A plain link: the feed is XML for feed readers, not a page of the app. */}
              <a href="/noticias/feed.xml" type="application/rss+xml" className={linkClass}>
                {layoutTexts.newsFeed}
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{layoutTexts.footerServicesTitle}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {layoutTexts.footerServices.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className={headingClass}>{layoutTexts.footerContact}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={whatsappLink(site.contactPhone, layoutTexts.whatsappMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex items-center gap-2 ${linkClass}`}
              >
                <WhatsAppIcon className="size-4 shrink-0" />
                {layoutTexts.whatsapp}: {formatPhone(site.contactPhone)}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.contactEmail}`} className={`inline-flex items-center gap-2 break-all ${linkClass}`}>
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                {site.contactEmail}
              </a>
            </li>
            <li className="inline-flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {layoutTexts.coverage}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* On phones the last line stops above the floating WhatsApp button, which would cover its end. */}
        <p className="mx-auto max-w-7xl px-4 pt-6 pb-20 text-center text-xs text-slate-400 sm:px-6 sm:pb-6 lg:px-8">
          {layoutTexts.copyright(year, site.siteName)}
        </p>
      </div>
    </>
  );
}
