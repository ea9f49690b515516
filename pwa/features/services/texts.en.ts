// The services page in English (/en/services).
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import type { ServicesTexts } from './texts';

const servicesHeadEn = (site: SiteInfo): PageHead => ({
  title: `Counter-surveillance and cybersecurity services | ${site.siteName}`,
  description:
    'Electronic bug sweeps of offices, homes and vehicles, hidden camera and microphone detection, Wi-Fi, Bluetooth and GSM analysis, and preventive security consulting.',
  path: '/en/services',
});

export const servicesTextsEn: ServicesTexts = {
  dataLanguageNote: 'Our service descriptions below are written in Spanish. We are glad to discuss any of them with you in English.',
  title: 'Our Services',
  subtitle: 'Professional counter-surveillance and cybersecurity solutions for companies, families and individuals who value their privacy.',
  loading: 'Loading services...',
  error: 'Could not load the services',
  empty: 'Our service catalogue will be published soon.',
  featuresTitle: 'How we work',
  features: [
    { title: 'National and international coverage', text: 'Service throughout Costa Rica and support for clients abroad.' },
    { title: 'Service by appointment', text: 'Every assignment is scheduled discreetly, at your convenience.' },
    { title: 'Personalised quote', text: 'We assess your case and propose exactly the service you need.' },
  ],
  quoteTitle: 'Need an assessment?',
  quoteText: 'Tell us about your situation and we will send you a no-obligation quote.',
  quoteButton: 'Request a Quote',
  head: servicesHeadEn,
};
