// Every text of the shared public layout. `// spec`: required wording (docs/rules.md, 'Required wording').
const navLinks = [
  { href: '/', label: 'Inicio' },
  { href: '/servicios', label: 'Servicios' },
  { href: '/noticias', label: 'Noticias' },
  { href: '/contacto', label: 'Contacto' },
] as const;

/** The four services of the footer and of the home grid. */
const footerServices = ['Barridos Electrónicos', 'Detección de Dispositivos', 'Análisis de Redes', 'Asesoría en Seguridad'] as const;

export type LayoutTexts = {
  navLinks: readonly { href: string; label: string }[];
  footerServices: readonly string[];
  admin: string;
  openMenu: string;
  closeMenu: string;
  mainNav: string;
  skipToContent: string;
  tagline: string;
  footerBlurb: (siteName: string) => string;
  footerNav: string;
  footerServicesTitle: string;
  footerContact: string;
  whatsapp: string;
  coverage: string;
  copyright: (year: number, siteName: string) => string;
  floatingWhatsapp: string;
  whatsappMessage: string;
  loadingPage: string;
  /** The link to the same page in the other language: its text, and its language code. */
  otherLanguage: { label: string; title: string; lang: 'en' | 'es' };
  newsFeed: string;
};

export const layoutTexts: LayoutTexts = {
  navLinks,
  footerServices,
  admin: 'Administración',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  mainNav: 'Navegación principal',
  skipToContent: 'Saltar al contenido',
  tagline: 'Contraespionaje y ciberseguridad',
  footerBlurb: (siteName: string) =>
    `${siteName} protege la privacidad de personas y empresas con barridos electrónicos, detección de dispositivos ocultos y asesoría en ciberseguridad, con total discreción.`,
  footerNav: 'Navegación',
  footerServicesTitle: 'Servicios',
  footerContact: 'Contacto',
  whatsapp: 'WhatsApp',
  coverage: 'Costa Rica e Internacional',
  copyright: (year: number, siteName: string) => `© ${year} ${siteName}. Todos los derechos reservados.`,
  floatingWhatsapp: 'Escríbanos por WhatsApp',
  /** The message a visitor's WhatsApp opens with. */
  whatsappMessage: 'Hola, me gustaría recibir más información sobre sus servicios de contraespionaje y ciberseguridad.',
  loadingPage: 'Cargando...',
  otherLanguage: { label: 'English', title: 'Read this page in English', lang: 'en' },
  newsFeed: 'Noticias por RSS',
};
