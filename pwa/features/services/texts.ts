// Every text of the services page. `// spec`: required wording (docs/rules.md, 'Required wording').
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

const servicesTexts = {
  /** Shown on the English page only: the service cards come from staff, in Spanish. */
  dataLanguageNote: '',
  title: 'Nuestros Servicios',
  subtitle: 'Soluciones profesionales de contraespionaje y ciberseguridad para empresas, familias y personas que valoran su privacidad.',
  loading: 'Cargando servicios...',
  error: 'Error al cargar servicios',
  empty: 'Pronto publicaremos nuestro catálogo de servicios.',
  featuresTitle: 'Cómo trabajamos',
  features: [
    { title: 'Cobertura nacional e internacional', text: 'Servicio en todo Costa Rica y acompañamiento a clientes en el extranjero.' },
    { title: 'Servicio con cita previa', text: 'Agendamos cada intervención con discreción y a su conveniencia.' },
    { title: 'Cotización personalizada', text: 'Evaluamos su caso y le proponemos el servicio exacto que necesita.' },
  ],
  quoteTitle: '¿Necesita una evaluación?',
  quoteText: 'Cuéntenos su situación y le enviaremos una cotización sin compromiso.',
  quoteButton: 'Solicitar Cotización',
};

const servicesHead = (site: SiteInfo): PageHead => ({
  title: `Servicios de contraespionaje y ciberseguridad | ${site.siteName}`,
  description:
    'Barridos electrónicos de oficinas, residencias y vehículos, detección de cámaras ocultas y micrófonos, análisis Wi-Fi, Bluetooth y GSM, y asesoría preventiva en seguridad.',
  path: '/servicios',
});

export type ServicesTexts = typeof servicesTexts & { head: (site: SiteInfo) => PageHead };

export const servicesPageTexts: ServicesTexts = { ...servicesTexts, head: servicesHead };
