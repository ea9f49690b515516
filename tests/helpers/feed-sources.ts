// Feed sources and generated feeds for the import tests and the bench: an RSS writer, a source made
// over the API, and the articles a source produced, read straight from the projection.
import { toNews } from '../../projections';
import type { FeedSource, NewsArticle } from '../../domain';
import type { Client, TestApp } from './app';

export type FeedEntry = {
  guid?: string;
  title: string;
  link?: string;
  description?: string;
  content?: string;
  author?: string;
  pubDate?: string;
  image?: string;
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cdata = (html: string) => `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** An RSS 2.0 document with content:encoded, dc:creator and image enclosures. */
export function rssFeed(entries: FeedEntry[], title = 'Fuente de prueba'): string {
  const items = entries.map((entry) =>
    [
      '<item>',
      `<title>${escapeXml(entry.title)}</title>`,
      entry.link ? `<link>${escapeXml(entry.link)}</link>` : '',
      entry.guid ? `<guid isPermaLink="false">${escapeXml(entry.guid)}</guid>` : '',
      entry.pubDate ? `<pubDate>${entry.pubDate}</pubDate>` : '',
      entry.author ? `<dc:creator>${escapeXml(entry.author)}</dc:creator>` : '',
      entry.description ? `<description>${cdata(entry.description)}</description>` : '',
      entry.content ? `<content:encoded>${cdata(entry.content)}</content:encoded>` : '',
      entry.image ? `<enclosure url="${escapeXml(entry.image)}" length="1000" type="image/jpeg"/>` : '',
      '</item>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${escapeXml(title)}</title><link>https://fuente.example/</link><description>Pruebas</description>
${items.join('\n')}
</channel></rss>`;
}

/** `count` distinct, realistic items numbered from `from`, newest first, one day apart. */
export function generatedEntries(count: number, from = 1): FeedEntry[] {
  const start = Date.parse('2025-06-01T12:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      guid: `urn:prueba:${n}`,
      title: `Alerta de seguridad número ${n}`,
      link: `https://fuente.example/articulos/${n}`,
      pubDate: new Date(start - n * 3_600_000).toUTCString(),
      author: n % 2 ? 'Ana Solís' : undefined,
      description: `<p>Resumen del aviso ${n}.</p>`,
      content: `<p>Texto completo del aviso ${n} sobre <b>vigilancia</b> y <a href="/detalle/${n}">detalles</a>.</p>`,
      image: `https://cdn.fuente.example/img/${n}.jpg`,
    };
  });
}

export type SourceInput = Partial<Omit<FeedSource, 'id' | 'createdAt' | 'lastFetchedAt' | 'lastRun'>> & { url: string };

/** Creates a source through the API (so the test also covers the route) and answers it. */
export async function createSource(admin: Client, input: SourceInput): Promise<FeedSource> {
  const answer = await admin.post('/api/rss/sources', {
    name: 'Fuente de prueba',
    defaultCategory: 'Ciberseguridad',
    format: 'rss',
    ...input,
  });
  if (answer.status !== 201) throw new Error(`source create failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Every article of one source, published or not, in guid order. */
export async function articlesOf(app: TestApp, sourceId: string): Promise<NewsArticle[]> {
  const rows = await app.services.db.query<Parameters<typeof toNews>[0]>('SELECT * FROM news_articles WHERE source_id = $1 ORDER BY title', [sourceId]);
  return rows.map(toNews);
}

export const feedImportMetadata = { actor: null, origin: 'feed-import' as const, requestId: 'prueba' };
