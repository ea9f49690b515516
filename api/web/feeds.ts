// The site's own news as feeds: RSS 2.0 at /noticias/feed.xml and Atom at /noticias/atom.xml, the 30
// latest published articles with their summaries (the articles are Spanish) and their images, as an
// enclosure and as Media RSS (with its size when it is one of the media library's), always absolute;
// each with the date it was published and the date visitors last saw it change (`updatedAt`).
import type { SiteInfo } from '../config';
import { mediaExtensions, newsListQuery, parseMediaUrl, type NewsSummary } from '../../domain';
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

/** The feed's own last change: the latest change of one of its articles (an edit, or a publication). */
const lastChange = (articles: readonly NewsSummary[]) =>
  new Date(articles.reduce((latest, article) => (article.updatedAt > latest ? article.updatedAt : latest), new Date(0).toISOString()));

const articleUrl = (site: SiteInfo, article: NewsSummary) => `${site.publicUrl}/noticias/${encodeURIComponent(article.slug)}`;

const typeOfExtension = Object.fromEntries(Object.entries(mediaExtensions).map(([type, extension]) => [extension, type]));

/** An article's image for a feed reader: its absolute address, type and, for the library's, its size. */
function feedImage(site: SiteInfo, article: NewsSummary): { url: string; type: string; size: string } | null {
  if (!article.image) return null;
  const media = parseMediaUrl(article.image);
  if (media) return { url: site.publicUrl + article.image, type: typeOfExtension[media.extension], size: ` width="${media.width}" height="${media.height}"` };
  const extension = /\.(jpe?g|png|webp|avif|gif)(?:[?#]|$)/i.exec(article.image)?.[1].toLowerCase().replace('jpeg', 'jpg');
  return { url: article.image, type: (extension && typeOfExtension[extension]) || (extension === 'gif' ? 'image/gif' : 'image/jpeg'), size: '' };
}

const mediaContent = (image: { url: string; type: string; size: string }, indent: string) =>
  `${indent}<media:content url="${escapeXml(image.url)}" medium="image" type="${image.type}"${image.size} />`;

export async function rssXml(site: SiteInfo, queries: PublicQueries): Promise<string> {
  const articles = await latest(queries);
  const items = articles.map((article) => {
    const image = feedImage(site, article);
    return [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(articleUrl(site, article))}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`urn:uuid:${article.id}`)}</guid>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      `      <category>${escapeXml(article.category)}</category>`,
      `      <dc:creator>${escapeXml(article.author)}</dc:creator>`,
      `      <pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
      // RSS has no date of its own for a change: Atom's, which feed readers read inside an RSS item too.
      `      <atom:updated>${article.updatedAt}</atom:updated>`,
      // RSS asks for the enclosure's length; 0 is what readers take for 'unknown'.
      ...(image ? [`      <enclosure url="${escapeXml(image.url)}" length="0" type="${image.type}" />`, mediaContent(image, '      ')] : []),
      '    </item>',
    ].join('\n');
  });
  const updated = lastChange(articles);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
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
  const updated = lastChange(articles);
  const entries = articles.map((article) => {
    const image = feedImage(site, article);
    return [
      '  <entry>',
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(articleUrl(site, article))}" />`,
      `    <id>urn:uuid:${article.id}</id>`,
      `    <published>${new Date(article.publishedAt).toISOString()}</published>`,
      `    <updated>${article.updatedAt}</updated>`,
      `    <author><name>${escapeXml(article.author)}</name></author>`,
      `    <category term="${escapeXml(article.category)}" />`,
      `    <summary>${escapeXml(article.excerpt)}</summary>`,
      ...(image ? [`    <link rel="enclosure" type="${image.type}" href="${escapeXml(image.url)}" />`, mediaContent(image, '    ')] : []),
      '  </entry>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="es-CR">
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
