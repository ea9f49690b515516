// The sample news of the tools that show the site without real data: the measuring site
// (scripts/dev-site.ts, written through the API) and the website over in-memory data
// (scripts/dev-fake-data.ts). One list, so both show the same articles.
import { slugify } from '../../domain';

const samples = [
  ['Cómo detectar micrófonos ocultos en su oficina', 'Anti-Espionaje', 'Señales de alerta y buenas prácticas para proteger las reuniones de su empresa.'],
  [
    'Nuevas variantes de software espía en teléfonos móviles',
    'Ciberseguridad',
    'Investigadores advierten sobre aplicaciones que graban llamadas y mensajes sin permiso.',
  ],
  [
    'Rastreadores GPS: qué son y cómo encontrarlos en su vehículo',
    'Tecnología',
    'Una guía práctica para revisar su automóvil y evitar el seguimiento no autorizado.',
  ],
  [
    'Costa Rica refuerza su estrategia nacional de ciberseguridad',
    'Noticias',
    'El país actualiza sus protocolos de respuesta tras los incidentes de los últimos años.',
  ],
  [
    'Reuniones de directorio: el blanco preferido del espionaje corporativo',
    'Anti-Espionaje',
    'Por qué las salas de juntas concentran el riesgo y cómo protegerlas antes de cada sesión.',
  ],
] as const;

/** A staff article's fields (what `POST /api/news` takes), two months apart from January 2025 on. */
export const sampleArticles = samples.map(([title, category, excerpt], i) => ({
  title,
  slug: slugify(title),
  category,
  excerpt,
  author: 'Equipo de Seguridad',
  publishedAt: new Date(Date.UTC(2025, i * 2, 5 + i, 15)).toISOString(),
  content: `<p>${excerpt}</p><h2>Qué puede hacer</h2><ul><li>Solicite una inspección profesional.</li><li>Evite conversaciones sensibles en lugares no verificados.</li><li>Revise periódicamente sus equipos.</li></ul><p>Nuestro equipo puede ayudarle con un diagnóstico confidencial.</p>`,
}));
