// The texts of the news list (/noticias), its filters included. The article's are in article-texts.ts
// and the heads the server writes in texts.ts: neither page downloads the other's texts.
// `// spec`: required wording (docs/rules.md, 'Required wording').
import { formatLongDate } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

const title = 'Noticias y Actualizaciones';

export const newsListTexts = {
  title,
  subtitle: 'Mantente informado sobre las últimas tendencias en seguridad y ciberseguridad',
  filtersLabel: 'Filtrar noticias',
  searchLabel: 'Buscar',
  searchPlaceholder: 'Buscar noticias...',
  categoryLabel: 'Categoría',
  allCategories: 'Todas',
  sortLabel: 'Ordenar',
  sortNewest: 'Más recientes',
  sortOldest: 'Más antiguas',
  dateFrom: 'Fecha desde',
  dateTo: 'Fecha hasta',
  clearFilters: 'Limpiar filtros',
  loading: 'Cargando noticias...',
  error: 'Error al cargar noticias',
  retry: 'Reintentar',
  emptyTitle: 'No hay noticias disponibles',
  emptyText: 'Pronto publicaremos contenido nuevo',
  noMatchTitle: 'No se encontraron noticias',
  noMatchText: 'Ninguna noticia coincide con la búsqueda o los filtros seleccionados.',
  clearDate: (label: string) => `Borrar ${label}`,
  results: (total: number) => (total === 1 ? '1 noticia' : `${total} noticias`),
  pagination: 'Paginación',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  /** On the English pages only: the badge of a card whose article has no English version. */
  inSpanish: '',
  head: (site: SiteInfo): PageHead => ({
    title: `${title} | ${site.siteName}`,
    description: 'Noticias, alertas y tendencias en contraespionaje, seguridad electrónica y ciberseguridad, en Costa Rica y el mundo.',
    path: '/noticias',
  }),
  formatDate: formatLongDate,
};

export type NewsListTexts = typeof newsListTexts;
