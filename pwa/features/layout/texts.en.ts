// The shared public layout in English (the /en pages).
import type { LayoutTexts } from './texts';

export const layoutTextsEn: LayoutTexts = {
  navLinks: [
    { href: '/en', label: 'Home' },
    { href: '/en/services', label: 'Services' },
    { href: '/en/news', label: 'News' },
    { href: '/en/contact', label: 'Contact' },
  ],
  footerServices: ['Electronic Sweeps', 'Device Detection', 'Network Analysis', 'Security Consulting'],
  admin: 'Administration',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mainNav: 'Main navigation',
  skipToContent: 'Skip to content',
  tagline: 'Counter-surveillance and cybersecurity',
  footerBlurb: (siteName) =>
    `${siteName} protects the privacy of individuals and companies with electronic sweeps, hidden device detection and cybersecurity consulting, with complete discretion.`,
  footerNav: 'Navigation',
  footerServicesTitle: 'Services',
  footerContact: 'Contact',
  whatsapp: 'WhatsApp',
  coverage: 'Costa Rica and International',
  copyright: (year, siteName) => `© ${year} ${siteName}. All rights reserved.`,
  floatingWhatsapp: 'Message us on WhatsApp',
  whatsappMessage: 'Hello, I would like more information about your counter-surveillance and cybersecurity services.',
  loadingPage: 'Loading...',
  otherLanguage: { label: 'Español', title: 'Ver esta página en español', lang: 'es' },
  newsFeed: 'News via RSS (in Spanish)',
};
