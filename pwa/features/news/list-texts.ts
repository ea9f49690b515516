// The texts of the news list (/noticias), its filters included. The article's are in article-texts.ts
// and the heads the server writes in texts.ts: neither page downloads the other's texts.
// `// spec`: required wording (docs/rules.md, 'Required wording').
import { formatLongDate } from '../../../domain';
import type { SiteInfo } from '../../lib/site';
import type { NewsFilters } from './filters';

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
  formatDate: formatLongDate,
};

export type NewsListTexts = typeof newsListTexts;

/**
 * What names one address of the list beside the list's own title: its search and its page past the first
 * ('Buscar: cámaras — Página 2 de 3'); '' for the plain first page. Each page of the list is indexed on
 * its own, so each needs a title (and a description: the server's, texts.ts) of its own.
 */
export function newsListPart(texts: NewsListTexts, { search, page }: Pick<NewsFilters, 'search' | 'page'>, pages: number): string {
  return [search.trim() && `${texts.searchLabel}: ${search.trim()}`, page > 1 && texts.pageOf(page, pages)].filter(Boolean).join(' — ');
}

/** The list's <title> for an address of it: the server writes it, the browser keeps it after navigating. */
export const newsListTitle = (texts: NewsListTexts, site: SiteInfo, part: string) => `${texts.title}${part && ` — ${part}`} | ${site.siteName}`;
