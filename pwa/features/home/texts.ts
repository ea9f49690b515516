// Every text of the home page. `// spec`: required wording (docs/rules.md, 'Required wording').
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

const homeTexts = {
  heroEyebrow: 'Contraespionaje y ciberseguridad en Costa Rica',
  heroTitle: 'Protección Profesional Anti-Espía',
  heroSubtitle:
    'Detectamos micrófonos ocultos, cámaras espía y rastreadores en oficinas, residencias y vehículos, y protegemos sus comunicaciones con total discreción.',
  ctaServices: 'Ver Servicios',
  ctaContact: 'Contactar Ahora',
  ctaAdvanceForm: 'Formulario de Avanzada VIP',
  servicesTitle: 'Nuestros Servicios',
  servicesSubtitle: 'Soluciones especializadas para proteger su información, su empresa y su familia.',
  allServices: 'Ver Todos los Servicios',
  whyTitle: '¿Por Qué Elegirnos?',
  whySubtitle: 'Experiencia, tecnología y confidencialidad en cada intervención.',
  threatsTitle: 'Servicios Disponibles',
  threatsSubtitle: 'Detectamos y neutralizamos las amenazas más comunes contra su privacidad:',
  newsTitle: 'Últimas Noticias',
  newsSubtitle: 'Tendencias y alertas de seguridad y ciberseguridad.',
  allNews: 'Ver Todas las Noticias',
  /** English home only: the badge of an article without an English version. */
  newsInSpanish: '',
  closingTitle: '¿Sospecha que lo están escuchando?',
  closingText: 'No espere. Escríbanos por WhatsApp o envíenos un mensaje: le responderemos con discreción y le daremos una cotización personalizada.',
  closingWhatsapp: 'Escribir por WhatsApp',
  closingContact: 'Enviar un mensaje',
};

/** The four services of the home grid: the footer's four, with a line each. */
const homeServices = [
  { title: 'Barridos Electrónicos', text: 'Inspección técnica de oficinas, residencias y vehículos en busca de dispositivos de escucha.' },
  { title: 'Detección de Dispositivos', text: 'Localización de micrófonos, cámaras ocultas y rastreadores GPS con equipo especializado.' },
  { title: 'Análisis de Redes', text: 'Revisión de redes Wi-Fi, Bluetooth y GSM para descubrir transmisiones no autorizadas.' },
  { title: 'Asesoría en Seguridad', text: 'Recomendaciones y protocolos preventivos para proteger su información y su entorno.' },
] as const;

const benefits = [
  { title: 'Tecnología de última generación', text: 'Equipos profesionales de detección y análisis del espectro radioeléctrico.' },
  { title: 'Especialistas certificados', text: 'Personal capacitado en contravigilancia técnica y ciberseguridad.' },
  { title: 'Cobertura nacional e internacional', text: 'Atendemos en toda Costa Rica y acompañamos a clientes en el extranjero.' },
  { title: 'Servicio con cita previa', text: 'Coordinamos cada visita con anticipación y en el horario que usted elija.' },
  { title: 'Cotizaciones personalizadas', text: 'Cada caso es distinto: le proponemos un servicio a la medida de su necesidad.' },
  { title: 'Discreción garantizada', text: 'Confidencialidad total antes, durante y después de cada servicio.' },
] as const;

const threats = [
  { title: 'Micrófonos ocultos', text: 'Dispositivos de escucha en salas de reuniones, oficinas y hogares.' },
  { title: 'Cámaras espía', text: 'Cámaras diminutas escondidas en objetos cotidianos.' },
  { title: 'Rastreadores GPS', text: 'Localizadores instalados en vehículos para seguir sus movimientos.' },
  { title: 'Intrusiones en redes', text: 'Accesos no autorizados a su Wi-Fi, Bluetooth y telefonía móvil.' },
] as const;

const homeHead = (site: SiteInfo): PageHead => ({
  title: `${site.siteName} | Protección Profesional Anti-Espía en Costa Rica`,
  description:
    'Barridos electrónicos, detección de micrófonos, cámaras ocultas y rastreadores GPS, análisis de redes y asesoría en seguridad. Servicio discreto en Costa Rica e internacional.',
  path: '/',
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.siteName,
    url: `${site.publicUrl}/`,
    telephone: site.contactPhone,
    email: site.contactEmail,
    image: `${site.publicUrl}/favicon.svg`,
    description: 'Servicios profesionales de contraespionaje (barridos electrónicos) y ciberseguridad.',
    areaServed: [{ '@type': 'Country', name: 'Costa Rica' }, 'Internacional'],
    address: { '@type': 'PostalAddress', addressCountry: 'CR' },
    knowsAbout: ['Contraespionaje', 'Barridos electrónicos', 'Detección de micrófonos ocultos', 'Ciberseguridad', 'Seguridad de eventos VIP'],
  },
});

type Card = { readonly title: string; readonly text: string };

/** Everything the home page says, in one language. */
export type HomeTexts = Record<keyof typeof homeTexts, string> & {
  services: readonly Card[];
  benefits: readonly Card[];
  threats: readonly Card[];
  head: (site: SiteInfo) => PageHead;
};

export const homePageTexts: HomeTexts = { ...homeTexts, services: homeServices, benefits, threats, head: homeHead };
