// In-memory stand-ins for the database, for working on the website before/without the real API:
// the eight seeded services and a few articles. Used only by scripts/dev-web.ts.
import { calendarDayOf, foldText, type NewsArticle, type NewsListQuery, type Service } from '../domain';
import type { PublicQueries } from '../api/web/types';

const services: Service[] = [
  [
    'Barridos en Oficinas',
    'Building2',
    'Inspección electrónica completa de oficinas y salas de juntas.',
    ['Salas de reuniones', 'Líneas telefónicas', 'Mobiliario y techos', 'Informe confidencial'],
  ],
  [
    'Barridos en Residencias',
    'Home',
    'Revisión discreta de su hogar en busca de dispositivos de escucha.',
    ['Habitaciones y áreas comunes', 'Equipos electrónicos', 'Cableado', 'Visita con cita previa'],
  ],
  [
    'Barridos en Vehículos',
    'Car',
    'Detección de rastreadores GPS y micrófonos en vehículos.',
    ['Rastreadores GPS', 'Micrófonos ocultos', 'Puertos OBD', 'Revisión de carrocería'],
  ],
  [
    'Detección de Cámaras Ocultas',
    'Camera',
    'Localización de cámaras espía en cualquier espacio.',
    ['Detección óptica', 'Análisis de radiofrecuencia', 'Hoteles y alquileres', 'Vestidores y baños'],
  ],
  [
    'Detección de Micrófonos',
    'Mic',
    'Búsqueda de micrófonos y transmisores ocultos.',
    ['Transmisores RF', 'Micrófonos cableados', 'Dispositivos GSM', 'Grabadoras'],
  ],
  [
    'Análisis Wi-Fi, Bluetooth y GSM',
    'Wifi',
    'Revisión de redes inalámbricas y transmisiones no autorizadas.',
    ['Redes Wi-Fi', 'Dispositivos Bluetooth', 'Señales GSM', 'Puntos de acceso falsos'],
  ],
  [
    'Revisión de Sistemas de Seguridad',
    'Lock',
    'Evaluación de alarmas, CCTV y control de accesos.',
    ['CCTV', 'Alarmas', 'Control de accesos', 'Recomendaciones'],
  ],
  [
    'Asesoría Preventiva',
    'Shield',
    'Protocolos para proteger su información y a su equipo.',
    ['Capacitación', 'Políticas de seguridad', 'Evaluación de riesgos', 'Seguimiento'],
  ],
].map(
  ([title, icon, description, features], i) =>
    ({ id: `s${i + 1}`, title, icon, description, features, category: 'Contraespionaje', order: String(i + 1) }) as Service,
);

export const fakeNews: NewsArticle[] = [];

export function addFakeArticle(input: Partial<NewsArticle> & Pick<NewsArticle, 'title' | 'slug'>): NewsArticle {
  const article: NewsArticle = {
    id: crypto.randomUUID(),
    excerpt: 'Resumen de la noticia.',
    content: '<p>Contenido.</p>',
    image: null,
    category: 'Noticias',
    author: 'Equipo de Seguridad',
    publishedAt: new Date().toISOString(),
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
    englishTitle: null,
    englishExcerpt: null,
    englishContent: null,
    isImported: false,
    reviewRequired: false,
    ...input,
  };
  fakeNews.push(article);
  return article;
}

export function seedFakeNews() {
  const samples: [string, string, string, string][] = [
    [
      'Cómo detectar micrófonos ocultos en su oficina',
      'Anti-Espionaje',
      '2024-03-05T15:00:00Z',
      'Señales de alerta y buenas prácticas para proteger sus reuniones de negocios.',
    ],
    [
      'Nuevas variantes de software espía en teléfonos móviles',
      'Ciberseguridad',
      '2024-06-18T15:00:00Z',
      'Investigadores advierten sobre aplicaciones que graban llamadas sin permiso.',
    ],
    [
      'Rastreadores GPS: qué son y cómo encontrarlos',
      'Tecnología',
      '2024-09-02T15:00:00Z',
      'Guía práctica para revisar su vehículo y evitar el seguimiento no autorizado.',
    ],
    [
      'Costa Rica refuerza su estrategia nacional de ciberseguridad',
      'Noticias',
      '2025-01-20T15:00:00Z',
      'El país actualiza sus protocolos tras los incidentes de los últimos años.',
    ],
  ];
  for (const [title, category, publishedAt, excerpt] of samples) {
    addFakeArticle({
      title,
      slug: title
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      category,
      publishedAt,
      excerpt,
      content: `<p>${excerpt}</p><h2>Qué hacer</h2><ul><li>Revise sus espacios con un especialista.</li><li>Evite conversaciones sensibles en lugares no verificados.</li></ul><p>Para más información, <a href="/contacto">contáctenos</a>.</p>`,
    });
  }
}

export function listFakeNews(query: NewsListQuery) {
  const search = query.search ? foldText(query.search) : '';
  let items = fakeNews.filter(
    (a) =>
      !a.reviewRequired &&
      (!query.category || query.category === 'all' || a.category === query.category) &&
      (!search || foldText(`${a.title} ${a.excerpt} ${a.content}`).includes(search)) &&
      (!query.dateFrom || calendarDayOf(a.publishedAt) >= query.dateFrom) &&
      (!query.dateTo || calendarDayOf(a.publishedAt) <= query.dateTo),
  );
  items = items.sort((a, b) => (query.sort === 'oldest' ? 1 : -1) * (Date.parse(a.publishedAt) - Date.parse(b.publishedAt)));
  return { items: items.slice(query.offset, query.offset + query.limit), total: items.length };
}

export const fakeQueries: PublicQueries = {
  listNews: async (query) => listFakeNews(query),
  newsBySlug: async (slug) => fakeNews.find((a) => a.slug === slug && !a.reviewRequired) ?? null,
  listServices: async () => services,
};
