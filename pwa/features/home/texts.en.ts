// The home page in English (/en).
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import type { HomeTexts } from './texts';

const homeHeadEn = (site: SiteInfo): PageHead => ({
  title: `${site.siteName} | Professional Counter-Surveillance in Costa Rica`,
  description:
    'Electronic bug sweeps, detection of hidden microphones, cameras and GPS trackers, network analysis and security consulting. Discreet service in Costa Rica and internationally.',
  path: '/en',
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.siteName,
    url: `${site.publicUrl}/en`,
    telephone: site.contactPhone,
    email: site.contactEmail,
    image: `${site.publicUrl}/favicon.svg`,
    description: 'Professional counter-surveillance (electronic bug sweeps) and cybersecurity services.',
    areaServed: [{ '@type': 'Country', name: 'Costa Rica' }, 'International'],
    address: { '@type': 'PostalAddress', addressCountry: 'CR' },
    knowsAbout: ['Counter-surveillance', 'Electronic bug sweeps', 'Hidden microphone detection', 'Cybersecurity', 'VIP event security'],
  },
});

export const homeTextsEn: HomeTexts = {
  heroEyebrow: 'Counter-surveillance and cybersecurity in Costa Rica',
  heroTitle: 'Professional Anti-Spy Protection',
  heroSubtitle:
    'We find hidden microphones, spy cameras and trackers in offices, homes and vehicles, and we protect your communications with complete discretion.',
  ctaServices: 'View Services',
  ctaContact: 'Contact Us Now',
  ctaAdvanceForm: 'VIP Advance Form',
  servicesTitle: 'Our Services',
  servicesSubtitle: 'Specialised solutions to protect your information, your business and your family.',
  allServices: 'View All Services',
  whyTitle: 'Why Choose Us?',
  whySubtitle: 'Experience, technology and confidentiality in every assignment.',
  threatsTitle: 'Available Services',
  threatsSubtitle: 'We detect and neutralise the most common threats to your privacy:',
  newsTitle: 'Latest News',
  newsSubtitle: 'Security and cybersecurity trends and alerts.',
  allNews: 'View All News',
  newsInSpanish: 'In Spanish',
  closingTitle: 'Do you suspect someone is listening?',
  closingText: 'Do not wait. Message us on WhatsApp or send us a message: we will answer discreetly and prepare a personalised quote.',
  closingWhatsapp: 'Message on WhatsApp',
  closingContact: 'Send a message',
  services: [
    { title: 'Electronic Sweeps', text: 'Technical inspection of offices, homes and vehicles for listening devices.' },
    { title: 'Device Detection', text: 'Locating microphones, hidden cameras and GPS trackers with specialised equipment.' },
    { title: 'Network Analysis', text: 'Review of Wi-Fi, Bluetooth and GSM networks to uncover unauthorised transmissions.' },
    { title: 'Security Consulting', text: 'Preventive recommendations and protocols to protect your information and surroundings.' },
  ],
  benefits: [
    { title: 'State-of-the-art technology', text: 'Professional equipment for detection and radio-frequency spectrum analysis.' },
    { title: 'Certified specialists', text: 'Staff trained in technical counter-surveillance and cybersecurity.' },
    { title: 'National and international coverage', text: 'We work throughout Costa Rica and support clients abroad.' },
    { title: 'Service by appointment', text: 'Every visit is arranged in advance, at the time that suits you.' },
    { title: 'Personalised quotes', text: 'Every case is different: we propose a service tailored to your needs.' },
    { title: 'Guaranteed discretion', text: 'Complete confidentiality before, during and after every assignment.' },
  ],
  threats: [
    { title: 'Hidden microphones', text: 'Listening devices in meeting rooms, offices and homes.' },
    { title: 'Spy cameras', text: 'Tiny cameras hidden in everyday objects.' },
    { title: 'GPS trackers', text: 'Tracking devices fitted to vehicles to follow your movements.' },
    { title: 'Network intrusions', text: 'Unauthorised access to your Wi-Fi, Bluetooth and mobile phone.' },
  ],
  head: homeHeadEn,
};
