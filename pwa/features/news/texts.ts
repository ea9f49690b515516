// Every text of the news list and the article. `// spec`: required wording (docs/rules.md, 'Required wording').
import { articleImageSizes, formatLongDate, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

const newsTexts = {
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
  noMatchTitle: 'No se encontraron noticias',
  noMatchText: 'Ninguna noticia coincide con la búsqueda o los filtros seleccionados.',
  clearDate: (label: string) => `Borrar ${label}`,
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
  sourceLink: 'Fuente original',
  /** On the English pages only: the note on articles that have no English version. */
  inSpanish: '',
  inSpanishArticle: '',
  homeLabel: 'Inicio',
};

const newsListHead = (site: SiteInfo): PageHead => ({
  title: `Noticias y Actualizaciones | ${site.siteName}`,
  description: 'Noticias, alertas y tendencias en contraespionaje, seguridad electrónica y ciberseguridad, en Costa Rica y el mundo.',
  path: '/noticias',
});

/** What an article page tells search engines, in either language. */
export function articleHeadOf(
  site: SiteInfo,
  article: NewsArticle,
  page: { path: string; title: string; description: string; list: { name: string; path: string }; home: { name: string; path: string }; inLanguage: string },
): PageHead {
  const url = (path: string) => `${site.publicUrl}${path}`;
  return {
    title: `${page.title} | ${site.siteName}`,
    description: page.description,
    path: page.path,
    // An imported article belongs to its source: search engines should credit (and index) the original.
    canonicalUrl: article.isImported && article.sourceUrl ? article.sourceUrl : undefined,
    type: 'article',
    image: article.image,
    preloadImage: article.picture ? { ...article.picture.sources[0], sizes: articleImageSizes } : undefined,
    publishedTime: article.publishedAt,
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'NewsArticle',
          headline: page.title.slice(0, 110),
          description: page.description,
          datePublished: article.publishedAt,
          author: [{ '@type': 'Person', name: article.author }],
          publisher: { '@type': 'Organization', name: site.siteName, logo: { '@type': 'ImageObject', url: url('/icons/icon-512.png') } },
          // An image of the media library has a site-relative address; structured data wants it whole.
          image: [article.image ? new URL(article.image, site.publicUrl).href : url('/og-image.jpg')],
          mainEntityOfPage: url(page.path),
          articleSection: article.category,
          inLanguage: page.inLanguage,
          ...(article.sourceUrl ? { isBasedOn: article.sourceUrl } : {}),
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [page.home, page.list, { name: page.title, path: page.path }].map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.name,
            item: url(item.path),
          })),
        },
      ],
    },
  };
}

export const articleHead = (site: SiteInfo, article: NewsArticle): PageHead =>
  articleHeadOf(site, article, {
    path: `/noticias/${article.slug}`,
    title: article.title,
    description: article.excerpt,
    list: { name: newsTexts.title, path: '/noticias' },
    home: { name: newsTexts.homeLabel, path: '/' },
    inLanguage: 'es-CR',
  });

const articleNotFoundHead = (site: SiteInfo, slug: string): PageHead => ({
  title: `${newsTexts.notFound} | ${site.siteName}`,
  description: newsTexts.notFoundText,
  path: `/noticias/${slug}`,
  noindex: true,
});

export type NewsTexts = typeof newsTexts & {
  listHead: (site: SiteInfo) => PageHead;
  articleHead: (site: SiteInfo, article: NewsArticle) => PageHead;
  articleNotFoundHead: (site: SiteInfo, slug: string) => PageHead;
  formatDate: (value: string) => string;
};

export const newsPageTexts: NewsTexts = { ...newsTexts, listHead: newsListHead, articleHead, articleNotFoundHead, formatDate: formatLongDate };
