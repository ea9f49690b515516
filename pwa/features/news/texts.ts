// Every text of the news list and the article. `// spec`: required wording (docs/rules.md, 'Required wording').
import type { NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

export const newsTexts = {
  title: 'Noticias y Actualizaciones',
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
  results: (total: number) => (total === 1 ? '1 noticia' : `${total} noticias`),
  pagination: 'Paginación',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  back: 'Volver a Noticias',
  loadingArticle: 'Cargando artículo...',
  notFound: 'Artículo no encontrado',
  notFoundText: 'Es posible que el artículo haya sido retirado o que el enlace no sea correcto.',
  byAuthor: 'Por',
  articleError: 'Error al cargar el artículo',
};

export const newsListHead = (site: SiteInfo): PageHead => ({
  title: `Noticias y Actualizaciones | ${site.siteName}`,
  description: 'Noticias, alertas y tendencias en contraespionaje, seguridad electrónica y ciberseguridad, en Costa Rica y el mundo.',
  path: '/noticias',
});

export const articleHead = (site: SiteInfo, article: NewsArticle): PageHead => ({
  title: `${article.title} | ${site.siteName}`,
  description: article.excerpt,
  path: `/noticias/${article.slug}`,
  type: 'article',
  image: article.image,
  publishedTime: article.publishedAt,
});

export const articleNotFoundHead = (site: SiteInfo, slug: string): PageHead => ({
  title: `${newsTexts.notFound} | ${site.siteName}`,
  description: newsTexts.notFoundText,
  path: `/noticias/${slug}`,
  noindex: true,
});
