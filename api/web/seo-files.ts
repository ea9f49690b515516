// /robots.txt and /sitemap.xml: what search engines may crawl, and every public page to crawl.
import type { SiteInfo } from '../config';
import { newsListQuery } from '../../domain';
import type { PublicQueries } from './types';

export function robotsTxt(site: SiteInfo): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${site.publicUrl}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The public routes plus every published article (read in pages of 100, the API's maximum). */
export async function sitemapXml(site: SiteInfo, queries: PublicQueries, publicPaths: string[]): Promise<string> {
  const urls = publicPaths.map((path) => `  <url><loc>${escapeXml(site.publicUrl + path)}</loc></url>`);
  for (let offset = 0; ; offset += 100) {
    const { items, total } = await queries.listNews(newsListQuery.parse({ limit: 100, offset }));
    for (const article of items) {
      const lastmod = new Date(article.publishedAt).toISOString().slice(0, 10);
      urls.push(`  <url><loc>${escapeXml(`${site.publicUrl}/noticias/${encodeURIComponent(article.slug)}`)}</loc><lastmod>${lastmod}</lastmod></url>`);
    }
    if (items.length === 0 || offset + items.length >= total) break;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
