// The site's own news as feeds: RSS 2.0 at /noticias/feed.xml and Atom at /noticias/atom.xml, the 30
// latest published articles with their summaries (the articles are Spanish).
import type { SiteInfo } from '../config';
import { newsListQuery, type NewsSummary } from '../../domain';
import { escapeXml } from './seo-files';
import type { PublicQueries } from './types';

export const rssPath = '/noticias/feed.xml';
export const atomPath = '/noticias/atom.xml';
const feedSize = 30;
const feedTitle = (site: SiteInfo) => `${site.siteName} — Noticias`;
const feedDescription = 'Noticias, alertas y tendencias en contraespionaje, seguridad electrónica y ciberseguridad.';

async function latest(queries: PublicQueries): Promise<NewsSummary[]> {
  return (await queries.listNews(newsListQuery.parse({ limit: feedSize }))).items;
}

const articleUrl = (site: SiteInfo, article: NewsSummary) => `${site.publicUrl}/noticias/${encodeURIComponent(article.slug)}`;

export async function rssXml(site: SiteInfo, queries: PublicQueries): Promise<string> {
  const articles = await latest(queries);
  const items = articles.map((article) =>
    [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(articleUrl(site, article))}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`urn:uuid:${article.id}`)}</guid>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      `      <category>${escapeXml(article.category)}</category>`,
      `      <dc:creator>${escapeXml(article.author)}</dc:creator>`,
      `      <pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
      ...(article.image ? [`      <enclosure url="${escapeXml(article.image)}" length="0" type="image/jpeg" />`] : []),
      '    </item>',
    ].join('\n'),
  );
  const updated = articles[0] ? new Date(articles[0].publishedAt) : new Date(0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(feedTitle(site))}</title>
    <link>${escapeXml(`${site.publicUrl}/noticias`)}</link>
    <description>${escapeXml(feedDescription)}</description>
    <language>es-CR</language>
    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(site.publicUrl + rssPath)}" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`;
}

export async function atomXml(site: SiteInfo, queries: PublicQueries): Promise<string> {
  const articles = await latest(queries);
  const updated = articles[0] ? new Date(articles[0].publishedAt) : new Date(0);
  const entries = articles.map((article) =>
    [
      '  <entry>',
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(articleUrl(site, article))}" />`,
      `    <id>urn:uuid:${article.id}</id>`,
      `    <published>${new Date(article.publishedAt).toISOString()}</published>`,
      `    <updated>${new Date(article.publishedAt).toISOString()}</updated>`,
      `    <author><name>${escapeXml(article.author)}</name></author>`,
      `    <category term="${escapeXml(article.category)}" />`,
      `    <summary>${escapeXml(article.excerpt)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es-CR">
  <title>${escapeXml(feedTitle(site))}</title>
  <subtitle>${escapeXml(feedDescription)}</subtitle>
  <link rel="alternate" type="text/html" href="${escapeXml(`${site.publicUrl}/noticias`)}" />
  <link rel="self" type="application/atom+xml" href="${escapeXml(site.publicUrl + atomPath)}" />
  <id>${escapeXml(`${site.publicUrl}/noticias`)}</id>
  <updated>${updated.toISOString()}</updated>
${entries.join('\n')}
</feed>
`;
}
