// /robots.txt, /sitemap.xml (every public page in both languages, with its hreflang twins) and the
// news sitemap /sitemap-noticias.xml (Google News: the articles of the last two days).
import type { SiteInfo } from '../config';
import { canonicalElsewhere, newsListQuery, type NewsSummary } from '../../domain';
import type { PublicQueries } from './types';

export function robotsTxt(site: SiteInfo): string {
  const sitemaps = ['/sitemap.xml', '/sitemap-noticias.xml'].map((path) => `Sitemap: ${site.publicUrl}${path}`);
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', ...sitemaps, ''].join('\n');
}

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/**
 * What XML 1.0 cannot hold at all, not even escaped: the C0 controls but tab, line feed and carriage
 * return (Word's line break inside a paragraph is a vertical tab), U+FFFE and U+FFFF, and a surrogate
 * without its pair. One of them in one article's text would make the whole feed or sitemap unreadable
 * to every reader, so it is left out.
 */
// eslint-disable-next-line no-control-regex
const notInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const escapeXml = (text: string) => text.replace(notInXml, '').replace(/[&<>"']/g, (ch) => xmlEntities[ch]);

/** Every published article, newest first, read in pages of 100 (the API's maximum). */
async function* publishedArticles(queries: PublicQueries, stopBefore?: Date): AsyncGenerator<NewsSummary> {
  for (let offset = 0; ; offset += 100) {
    const { items, total } = await queries.listNews(newsListQuery.parse({ limit: 100, offset }));
    for (const article of items) {
      if (stopBefore && new Date(article.publishedAt) < stopBefore) return;
      yield article;
    }
    if (items.length === 0 || offset + items.length >= total) return;
  }
}

/** The Spanish and English paths of a public page, e.g. '/noticias/x' and '/en/news/x'. */
export type Twins = (path: string) => { es: string; en: string };

/** The public routes plus every published article, each in Spanish and English with its alternates. */
export async function sitemapXml(site: SiteInfo, queries: PublicQueries, publicPaths: string[], twins: Twins): Promise<string> {
  const entries = (spanishPath: string, lastmod?: string) => {
    const { es, en } = twins(spanishPath);
    const links = [
      ['es-CR', es],
      ['en', en],
      ['x-default', es],
    ]
      .map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(site.publicUrl + path)}"/>`)
      .join('');
    const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    return [es, en].map((path) => `  <url><loc>${escapeXml(site.publicUrl + path)}</loc>${mod}${links}</url>`);
  };
  const urls = publicPaths.flatMap((path) => entries(path));
  for await (const article of publishedArticles(queries)) {
    // An imported article's pages name its source as canonical: a sitemap lists only its own canonicals.
    if (canonicalElsewhere(article)) continue;
    // The time, not the day: an edit later the same day is a change a crawler should see.
    urls.push(...entries(`/noticias/${encodeURIComponent(article.slug)}`, article.updatedAt));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** Google News lists only the articles of the last two days, at most 1,000. */
const newsWindowMs = 2 * 24 * 60 * 60 * 1000;

export async function newsSitemapXml(site: SiteInfo, queries: PublicQueries, now = new Date()): Promise<string> {
  const urls: string[] = [];
  for await (const article of publishedArticles(queries, new Date(now.getTime() - newsWindowMs))) {
    if (urls.length >= 1000) break;
    if (canonicalElsewhere(article)) continue;
    const loc = escapeXml(`${site.publicUrl}/noticias/${encodeURIComponent(article.slug)}`);
    const publication = `<news:publication><news:name>${escapeXml(site.siteName)}</news:name><news:language>es</news:language></news:publication>`;
    const news = `${publication}<news:publication_date>${new Date(article.publishedAt).toISOString()}</news:publication_date>`;
    urls.push(
      `  <url><loc>${loc}</loc><lastmod>${article.updatedAt}</lastmod><news:news>${news}<news:title>${escapeXml(article.title)}</news:title></news:news></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
${urls.join('\n')}
</urlset>
`;
}
