// The texts of an article's page (/noticias/{slug}). The list's are in list-texts.ts, and what the
// server adds to an article's head for search engines (canonical URL, image, structured data) is in
// texts.ts: the browser only keeps the tab's title and description current.
// `// spec`: required wording (docs/rules.md, 'Required wording').
import { formatLongDate, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

/** An article as the page of one language presents it. */
export type ArticlePageInfo = { path: string; title: string; description: string; inLanguage: string };

const notFound = 'Artículo no encontrado';
const notFoundText = 'Es posible que el artículo haya sido retirado o que el enlace no sea correcto.';

export const articleTexts = {
  back: 'Volver a Noticias',
  loadingArticle: 'Cargando artículo...',
  notFound,
  notFoundText,
  byAuthor: 'Por',
  articleError: 'Error al cargar el artículo',
  sourceLink: 'Fuente original',
  /** On the English pages only: the note on an article that has no English version. */
  inSpanishArticle: '',
  page: (article: NewsArticle): ArticlePageInfo => ({
    path: `/noticias/${article.slug}`,
    title: article.title,
    description: article.excerpt,
    inLanguage: 'es-CR',
  }),
  notFoundHead: (site: SiteInfo, slug: string): PageHead => ({
    title: `${notFound} | ${site.siteName}`,
    description: notFoundText,
    path: `/noticias/${slug}`,
    noindex: true,
  }),
  formatDate: formatLongDate,
};

export type ArticleTexts = typeof articleTexts;

/** An article page's title and description, in either language (the server's head builds on it: texts.ts). */
export const articlePageHead = (site: SiteInfo, page: ArticlePageInfo): PageHead => ({
  title: `${page.title} | ${site.siteName}`,
  description: page.description,
  path: page.path,
});
