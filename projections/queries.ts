// Queries behind the GET endpoints: they read only the projections.
import {
  mediaFileUrl,
  photoFields,
  pictureOf,
  type AdvanceForm,
  type FeedSource,
  type MediaItem,
  type MediaUse,
  type NewsArticle,
  type NewsListQuery,
  type NewsSummary,
  type Service,
} from '../domain';
import { userQueries } from './users';
import { summaryQueries } from './summary';
import { newsFilters } from './news-filters';
import type { IndexedArticle } from './news-index';
import type { NewsArticleRecord, Sql } from '../events';
import { newArticleRow } from './news-projector';
import type { AdvanceFormRow, CountRow, FeedSourceRow, MediaRow, NewsRow, Page, ServiceRow } from './rows';

export type { Page } from './rows';
import { inboxQueries } from './inbox';
import { pageOf } from './paged';

const iso = (value: string | Date | null): string | null => (value ? new Date(value).toISOString() : null);
const isoOf = (value: string | Date): string => new Date(value).toISOString();

/** What visitors last saw change (NewsArticle's `updatedAt`): the later of its publication date and its last public edit. */
function lastChangeOf(r: Pick<NewsRow, 'published_at' | 'content_changed_at'>): string {
  const published = isoOf(r.published_at);
  const changed = iso(r.content_changed_at);
  return changed !== null && changed > published ? changed : published;
}

export const toNews = (r: NewsRow): NewsArticle => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  excerpt: r.excerpt,
  content: r.content,
  image: r.image,
  imageAlt: r.image_alt ?? null,
  picture: pictureOf(r.image),
  category: r.category,
  author: r.author,
  publishedAt: isoOf(r.published_at),
  sourceId: r.source_id,
  sourceUrl: r.source_url,
  guidHash: r.guid_hash,
  isImported: r.is_imported,
  reviewRequired: r.review_required,
  status: r.status,
  englishTitle: r.english_title ?? null,
  englishExcerpt: r.english_excerpt ?? null,
  englishContent: r.english_content ?? null,
  reviewNote: r.review_note ?? null,
  version: Number(r.version),
  updatedAt: lastChangeOf(r),
});
/** The article a create command just recorded, exactly as a read of its row answers it (no second read). */
export const createdArticle = (id: string, record: NewsArticleRecord): NewsArticle => toNews(newArticleRow(id, record));
const toService = (r: ServiceRow): Service => ({
  id: r.id,
  title: r.title,
  description: r.description,
  icon: r.icon,
  category: r.category,
  features: r.features,
  order: r.order,
});
const toSource = (r: FeedSourceRow): FeedSource => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format,
  enabled: r.enabled,
  defaultCategory: r.default_category,
  autoPublish: r.auto_publish,
  scheduleIntervalHours: r.schedule_interval_hours,
  includeKeywords: r.include_keywords,
  excludeKeywords: r.exclude_keywords,
  lastFetchedAt: iso(r.last_fetched_at),
  createdAt: isoOf(r.created_at),
  lastRun: r.last_run,
});
const toForm = (r: AdvanceFormRow): AdvanceForm => ({
  ...r.data,
  id: r.id,
  submittedBy: r.submitted_by,
  createdAt: isoOf(r.created_at),
  updatedAt: isoOf(r.updated_at),
  completedOnSiteAt: iso(r.completed_on_site_at),
  deviceClockSkewMs: r.device_clock_skew_ms === null ? null : Number(r.device_clock_skew_ms),
});

/** Every column an answer needs: the search vector stays in the database. */
const summaryColumns =
  'id, title, slug, excerpt, image, image_alt, category, author, published_at, source_id, source_url, guid_hash, is_imported, review_required, status, english_title, english_excerpt, review_note, content_changed_at';
const newsColumns = `${summaryColumns}, content, english_content, version`;
const toSummary = (r: Omit<NewsRow, 'content' | 'english_content' | 'version'>): NewsSummary => {
  const {
    content: _content,
    englishContent: _englishContent,
    version: _version,
    ...summary
  } = toNews({ ...r, content: '', english_content: null, version: 0 });
  return summary;
};

export function newsQueries(sql: Sql) {
  async function page<T>(query: NewsListQuery, columns: string, map: (row: NewsRow) => T): Promise<Page<T>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = newsFilters(query);
    if (filters.status === 'pending') where.push('review_required = true');
    else if (filters.status !== 'all') where.push(`status = ${param(filters.status)}`);
    if (filters.category !== null) where.push(`category = ${param(filters.category)}`);
    if (filters.from !== null) where.push(`published_at >= ${param(filters.from.toISOString())}::timestamptz`);
    if (filters.to !== null) where.push(`published_at < ${param(filters.to.toISOString())}::timestamptz`);
    if (query.search) {
      const p = param(query.search);
      where.push(`(search_vector @@ plainto_tsquery('spanish', f_unaccent(${p})) OR f_unaccent(lower(title)) LIKE '%' || f_unaccent(lower(${p})) || '%')`);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = query.sort === 'oldest' ? 'published_at ASC, id ASC' : 'published_at DESC, id DESC';
    const [rows, [count]] = await Promise.all([
      sql.query<NewsRow>(`SELECT ${columns} FROM news_articles ${filter} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}`, params),
      sql.query<CountRow>(`SELECT count(*)::int AS total FROM news_articles ${filter}`, params),
    ]);
    return { items: rows.map(map), total: Number(count.total) };
  }
  return {
    /**
     * Staff's list straight from the table: whole articles (the edit dialog starts from them). The app
     * answers lists from the in-memory index (news-search.ts); this query is what the index must equal,
     * and what answers a search text the index cannot take.
     */
    list: (query: NewsListQuery): Promise<Page<NewsArticle>> => page(query, newsColumns, toNews),
    /** Visitors' list straight from the table: cards need no content, and a page of 30 whole articles weighs ~80 KB. */
    listSummaries: (query: NewsListQuery): Promise<Page<NewsSummary>> => page(query, summaryColumns, toSummary),
    /** Whole articles by id, in the order given (a page the index chose); ids no longer in the table are left out. */
    async byIds(ids: readonly string[]): Promise<NewsArticle[]> {
      if (ids.length === 0) return [];
      const rows = await sql.query<NewsRow>(`SELECT ${newsColumns} FROM news_articles WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)`, [
        JSON.stringify(ids),
      ]);
      const byId = new Map(rows.map((row) => [row.id, toNews(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /**
     * What the in-memory index keeps of each article (all of them, or those of `ids`), `batch` rows at a
     * time in id order: the summary, and the lexemes and title key exactly as the SQL search computes them.
     * Small batches: a batch's rows (every lexeme of every article) live until the index has taken them
     * in, and 5,000 of them outlived the young generation, so most of the load's garbage was promoted to
     * the old space, which stayed that large (the server started at 726 MB of RSS with 100,000 articles
     * instead of 654, and at about 300 instead of 275 with 10,000).
     */
    async *indexRows(ids: readonly string[] | null, batch = 500): AsyncGenerator<IndexedArticle[]> {
      const columns = `${summaryColumns}, tsvector_to_array(search_vector) AS lexemes, f_unaccent(lower(title)) AS title_key,
        news_search_key(title, excerpt, content)::text AS text_key`;
      type IndexRow = NewsRow & { lexemes: string[]; title_key: string; text_key: string };
      const toIndexed = (rows: IndexRow[]) =>
        rows.map((row) => ({
          id: row.id,
          at: new Date(row.published_at).getTime(),
          pending: row.review_required,
          status: row.status,
          category: row.category,
          titleKey: row.title_key,
          lexemes: row.lexemes,
          textKey: row.text_key,
          summary: toSummary(row),
        }));
      if (ids) {
        // The articles named, each found through the primary key (= ANY of an array keeps the planner
        // on the index, however large the table is).
        for (let from = 0; from < ids.length; from += batch) {
          const rows = await sql.query<IndexRow>(
            `SELECT ${columns} FROM news_articles WHERE id = ANY (ARRAY(SELECT jsonb_array_elements_text($1::jsonb)::uuid))`,
            [JSON.stringify(ids.slice(from, from + batch))],
          );
          if (rows.length > 0) yield toIndexed(rows);
        }
        return;
      }
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = await sql.query<IndexRow>(`SELECT ${columns} FROM news_articles WHERE id > $1::uuid ORDER BY id LIMIT $2`, [after, batch]);
        if (rows.length === 0) return;
        yield toIndexed(rows);
        if (rows.length < batch) return;
        after = rows[rows.length - 1].id;
      }
    },
    /**
     * How PostgreSQL reads a search text: the LIKE pattern for the title and plainto_tsquery's text
     * ('' when only stop words remain; otherwise lexemes joined by '&').
     */
    async searchTerms(text: string): Promise<{ titlePattern: string; tsquery: string }> {
      const [row] = await sql.query<{ title_pattern: string; tsquery: string }>(
        `SELECT f_unaccent(lower($1)) AS title_pattern, plainto_tsquery('spanish', f_unaccent($1))::text AS tsquery`,
        [text],
      );
      return { titlePattern: row.title_pattern, tsquery: row.tsquery };
    },
    /** The article with that slug: published only, unless staff ask for any status. */
    async bySlug(slug: string, anyStatus = false): Promise<NewsArticle | null> {
      const [row] = await sql.query<NewsRow>(`SELECT ${newsColumns} FROM news_articles WHERE slug = $1 ${anyStatus ? '' : `AND status = 'published'`}`, [slug]);
      return row ? toNews(row) : null;
    },
    /** The `limit` scheduled articles due soonest, with their times, soonest first. */
    async soonestScheduled(limit: number): Promise<{ id: string; at: Date }[]> {
      const rows = await sql.query<{ id: string; at: string | Date }>(
        `SELECT id, published_at AS at FROM news_articles WHERE status = 'scheduled' ORDER BY published_at, id LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ id: row.id, at: new Date(row.at) }));
    },
    async byId(id: string): Promise<NewsArticle | null> {
      const [row] = await sql.query<NewsRow>(`SELECT ${newsColumns} FROM news_articles WHERE id = $1`, [id]);
      return row ? toNews(row) : null;
    },
    /** The slugs taken among `bases` and their `base-N` variants, in one query (the importer picks free ones). */
    async takenSlugs(bases: readonly string[]): Promise<Set<string>> {
      const rows = await sql.query<{ slug: string }>(
        `WITH bases AS (SELECT jsonb_array_elements_text($1::jsonb) AS base)
         SELECT slug FROM news_articles WHERE slug IN (SELECT base FROM bases) OR substring(slug from '^(.*)-[0-9]+$') IN (SELECT base FROM bases)`,
        [JSON.stringify([...new Set(bases)])],
      );
      return new Set(rows.map((row) => row.slug));
    },
    async knownGuids(sourceId: string): Promise<Set<string>> {
      const rows = await sql.query<{ guid_hash: string }>(
        'SELECT guid_hash FROM news_articles WHERE source_id = $1 AND guid_hash IS NOT NULL UNION SELECT guid_hash FROM deleted_feed_items WHERE source_id = $1',
        [sourceId],
      );
      return new Set(rows.map((r) => r.guid_hash));
    },
  };
}

// Orders written before the schema required digits may be any text: only short digit runs are cast.
const serviceOrder = `ORDER BY (CASE WHEN "order" ~ '^[0-9]{1,9}$' THEN "order"::int END) NULLS LAST, "order", created_at`;

function serviceQueries(sql: Sql) {
  return {
    /** Every service, in order (the public pages show them all). */
    list: async (): Promise<Service[]> => (await sql.query<ServiceRow>(`SELECT * FROM services ${serviceOrder}`)).map(toService),
    page: (limit: number, offset: number): Promise<Page<Service>> => pageOf(sql, { from: 'services', order: serviceOrder }, limit, offset, toService),
    byId: async (id: string): Promise<Service | null> => {
      const [row] = await sql.query<ServiceRow>('SELECT * FROM services WHERE id = $1', [id]);
      return row ? toService(row) : null;
    },
  };
}

function feedSourceQueries(sql: Sql) {
  return {
    page: (limit: number, offset: number): Promise<Page<FeedSource>> =>
      pageOf(sql, { from: 'rss_sources', order: 'ORDER BY created_at DESC, id' }, limit, offset, toSource),
    byId: async (id: string): Promise<FeedSource | null> => {
      const [row] = await sql.query<FeedSourceRow>('SELECT * FROM rss_sources WHERE id = $1', [id]);
      return row ? toSource(row) : null;
    },
    /** Enabled sources whose last run (failed or not) is older than their interval, or that never ran; `onlyId` asks about one. */
    due: async (now: Date, onlyId?: string): Promise<FeedSource[]> =>
      (
        await sql.query<FeedSourceRow>(
          `SELECT * FROM rss_sources WHERE enabled AND (last_run IS NULL OR (last_run->>'at')::timestamptz + make_interval(hours => schedule_interval_hours) <= $1::timestamptz)
         ${onlyId ? 'AND id = $2' : ''} ORDER BY (last_run->>'at')::timestamptz NULLS FIRST`,
          onlyId ? [now.toISOString(), onlyId] : [now.toISOString()],
        )
      ).map(toSource),
  };
}

/** A table's records newest first, a page at a time, with the total; and one record by id. */
function recordsOf<T, R>(sql: Sql, table: 'advance_forms', map: (row: R) => T) {
  return {
    list: (limit: number, offset: number): Promise<Page<T>> => pageOf(sql, { from: table, order: 'ORDER BY created_at DESC, id DESC' }, limit, offset, map),
    async byId(id: string): Promise<T | null> {
      const [row] = await sql.query<R>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      return row ? map(row) : null;
    },
  };
}

const contactQueries = inboxQueries;

/** Each photo field of the form's schema as a column of the stored form (the names are the schema's own constants). */
const photoLinkColumns = photoFields.map((field) => `(data->>'${field}')`).join(', ');

function advanceFormQueries(sql: Sql) {
  return {
    ...recordsOf<AdvanceForm, AdvanceFormRow>(sql, 'advance_forms', toForm),
    /** Every photo link some form refers to: uploads outside this set may be swept. */
    photoLinks: async (): Promise<Set<string>> => {
      const rows = await sql.query<{ link: string }>(
        `SELECT p.link FROM advance_forms, LATERAL (VALUES ${photoLinkColumns}) AS p(link) WHERE p.link IS NOT NULL`,
      );
      return new Set(rows.map((r) => r.link));
    },
  };
}

const toMedia = (r: MediaRow, usedBy: MediaUse[]): MediaItem => ({
  id: r.id,
  url: r.url,
  width: r.width,
  height: r.height,
  type: r.type,
  bytes: Number(r.bytes),
  totalBytes: Number(r.total_bytes),
  variants: r.variants.map(({ file, ...rest }) => ({ url: mediaFileUrl(r.id, file), ...rest })),
  sourceUrl: r.source_url,
  uploadedBy: r.uploaded_by,
  createdAt: isoOf(r.created_at),
  usedBy,
});

/** The articles that show images of the library (media_uses, kept by the news projector), by image; `ids` narrows it to those images. */
export async function mediaUses(sql: Sql, ids?: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const rows = await sql.query<{ media_id: string; id: string; title: string; slug: string }>(
    `SELECT u.media_id, a.id, a.title, a.slug FROM media_uses u JOIN news_articles a ON a.id = u.article_id
     ${ids ? 'WHERE u.media_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)' : ''}
     ORDER BY a.title, a.id`,
    ids ? [JSON.stringify(ids)] : [],
  );
  const uses = new Map<string, MediaUse[]>();
  for (const row of rows) uses.set(row.media_id, [...(uses.get(row.media_id) ?? []), { id: row.id, title: row.title, slug: row.slug }]);
  return uses;
}

function mediaQueries(sql: Sql) {
  return {
    /** The library newest first, each image with the articles that show it. */
    async list(limit: number, offset: number): Promise<Page<MediaItem>> {
      const { items: rows, total } = await pageOf(sql, { from: 'media', order: 'ORDER BY created_at DESC, id DESC' }, limit, offset, (row: MediaRow) => row);
      const uses = rows.length
        ? await mediaUses(
            sql,
            rows.map((row) => row.id),
          )
        : new Map<string, MediaUse[]>();
      return { items: rows.map((row) => toMedia(row, uses.get(row.id) ?? [])), total };
    },
    async byId(id: string): Promise<MediaItem | null> {
      const [row] = await sql.query<MediaRow>('SELECT * FROM media WHERE id = $1', [id]);
      return row ? toMedia(row, (await mediaUses(sql, [id])).get(id) ?? []) : null;
    },
  };
}

export type ReadModels = ReturnType<typeof readModels>;
export function readModels(sql: Sql) {
  return {
    news: newsQueries(sql),
    services: serviceQueries(sql),
    feedSources: feedSourceQueries(sql),
    contact: contactQueries(sql),
    advanceForms: advanceFormQueries(sql),
    users: userQueries(sql),
    summary: summaryQueries(sql),
    media: mediaQueries(sql),
  };
}
