// Projectors: each keeps one read table current from the events of one aggregate, typed by those events,
// with a switch the compiler checks is exhaustive. A redacted payload (an erased stream) projects nothing.
import {
  eventTypes,
  isRedacted,
  typedProjector,
  unhandled,
  type AdvanceFormEvent,
  type Changes,
  type ContactMessageEvent,
  type FeedSourceEvent,
  type MediaEvent,
  type NewsArticleEvent,
  type NewsArticleRecord,
  type Projector,
  type ServiceEvent,
  type Sql,
  type StoredEvent,
} from '../events';
import { articleStatus, deviceClockSkewMs, mediaFileUrl, mediaReference } from '../domain';
import { usersProjector } from './users';
import { summaryProjector, summaryReadTables } from './summary';
import type { NewsRow } from './rows';

const json = (value: unknown) => JSON.stringify(value ?? null);

/** Builds `SET col = $2, ...` from an update event's changes, through a field→column map; other fields are not columns. */
async function updateColumns(tx: Sql, table: string, id: string, changes: Changes, columns: Record<string, string>, jsonColumns = new Set<string>()) {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, { to }] of Object.entries(changes)) {
    const column = columns[field];
    if (!column) continue;
    values.push(jsonColumns.has(field) ? json(to) : to);
    sets.push(`${column} = $${values.length}${jsonColumns.has(field) ? '::jsonb' : ''}`);
  }
  if (sets.length) await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, values);
}

const serviceColumns = { title: 'title', description: 'description', icon: 'icon', category: 'category', features: 'features', order: '"order"' };

const servicesProjector = typedProjector<ServiceEvent>({
  name: 'services',
  handles: eventTypes.service,
  async project(tx, event) {
    switch (event.type) {
      case 'ServiceCreated': {
        const d = event.data;
        await tx.query(`INSERT INTO services (id, title, description, icon, category, features, "order", created_at) VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7,$8)`, [
          event.streamId,
          d.title,
          d.description,
          d.icon,
          d.category,
          json(d.features),
          d.order,
          event.recordedAt.toISOString(),
        ]);
        return;
      }
      case 'ServiceUpdated':
        return updateColumns(tx, 'services', event.streamId, event.data.changes, serviceColumns, new Set(['features']));
      case 'ServiceDeleted':
        await tx.query('DELETE FROM services WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const sourceColumns = {
  name: 'name',
  url: 'url',
  format: 'format',
  enabled: 'enabled',
  defaultCategory: 'default_category',
  autoPublish: 'auto_publish',
  scheduleIntervalHours: 'schedule_interval_hours',
  includeKeywords: 'include_keywords',
  excludeKeywords: 'exclude_keywords',
};

const feedSourcesProjector = typedProjector<FeedSourceEvent>({
  name: 'rss_sources',
  uniqueRules: { rss_sources_url_key: { field: 'url', message: 'Ya existe una fuente RSS con esa URL' } },
  handles: eventTypes.feedSource,
  async project(tx, event) {
    switch (event.type) {
      case 'FeedSourceCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO rss_sources (id, name, url, format, enabled, default_category, auto_publish, schedule_interval_hours, include_keywords, exclude_keywords, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10::jsonb,$11)`,
          [
            event.streamId,
            d.name,
            d.url,
            d.format,
            d.enabled,
            d.defaultCategory,
            d.autoPublish,
            d.scheduleIntervalHours,
            json(d.includeKeywords),
            json(d.excludeKeywords),
            d.createdAt,
          ],
        );
        return;
      }
      case 'FeedSourceUpdated':
        return updateColumns(tx, 'rss_sources', event.streamId, event.data.changes, sourceColumns, new Set(['includeKeywords', 'excludeKeywords']));
      case 'FeedSourceImported': {
        // Runs recorded before the summary lost its feedUrl field still carry it: the read table never shows it.
        const { feedUrl: _feedUrl, ...run } = event.data as typeof event.data & { feedUrl?: string };
        // lastFetchedAt is the last time the feed was read; a failed run is only the last run (its date
        // drives the schedule, so a dead source is retried once per interval, not every minute).
        await tx.query(
          'UPDATE rss_sources SET last_fetched_at = CASE WHEN $4::boolean THEN last_fetched_at ELSE $2::timestamptz END, last_run = $3::jsonb WHERE id = $1',
          [event.streamId, run.at, json(run), Boolean(run.error)],
        );
        return;
      }
      case 'FeedSourceDeleted':
        await tx.query('DELETE FROM rss_sources WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const newsColumns = {
  title: 'title',
  slug: 'slug',
  excerpt: 'excerpt',
  content: 'content',
  image: 'image',
  category: 'category',
  author: 'author',
  publishedAt: 'published_at',
  reviewRequired: 'review_required',
  status: 'status',
  englishTitle: 'english_title',
  englishExcerpt: 'english_excerpt',
  englishContent: 'english_content',
  imageAlt: 'image_alt',
  reviewNote: 'review_note',
};

type ArticleCreated = StoredEvent<Extract<NewsArticleEvent, { type: 'NewsArticleCreated' }>>;

type ArticleImages = Pick<NewsRow, 'id' | 'image' | 'content' | 'english_content'>;

/** The images of the media library an article shows: its image, or an address of one anywhere in its HTML. */
const mediaIdsOf = ({ image, content, english_content }: ArticleImages) => [
  ...new Set([image, content, english_content].flatMap((text) => [...(text ?? '').matchAll(mediaReference)].map((match) => match[1]))),
];

async function addMediaUses(tx: Sql, articles: readonly ArticleImages[]) {
  const uses = articles.flatMap((article) => mediaIdsOf(article).map((media_id) => ({ media_id, article_id: article.id })));
  if (uses.length === 0) return;
  await tx.query(
    `INSERT INTO media_uses (media_id, article_id) SELECT media_id, article_id FROM jsonb_to_recordset($1::jsonb) AS u(media_id uuid, article_id uuid)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(uses)],
  );
}

/** After a change of an article's image or text: its uses read again from its row. */
async function refreshMediaUses(tx: Sql, id: string, changes: Changes) {
  if (!['image', 'content', 'englishContent'].some((field) => field in changes)) return;
  await tx.query('DELETE FROM media_uses WHERE article_id = $1', [id]);
  const rows = await tx.query<ArticleImages>('SELECT id, image, content, english_content FROM news_articles WHERE id = $1', [id]);
  await addMediaUses(tx, rows);
}

/** The read table's row of a new article: what the projector inserts (and so what a read of it answers). */
export function newArticleRow(id: string, d: NewsArticleRecord): NewsRow {
  return {
    id,
    title: d.title,
    slug: d.slug,
    excerpt: d.excerpt,
    content: d.content,
    image: d.image,
    category: d.category,
    author: d.author,
    published_at: d.publishedAt,
    source_id: d.sourceId,
    source_url: d.sourceUrl,
    guid_hash: d.guidHash,
    is_imported: d.isImported,
    review_required: d.reviewRequired,
    status: articleStatus(d),
    english_title: d.englishTitle ?? null,
    english_excerpt: d.englishExcerpt ?? null,
    english_content: d.englishContent ?? null,
    image_alt: d.imageAlt ?? null,
    review_note: d.reviewNote ?? null,
  };
}

/**
 * New articles in one statement, whether one (a command) or thousands (a rebuild, a feed import). Their
 * search vectors come from news_search_vectors when an article was created with their text before (a
 * rebuild finds them all there), and are computed and kept otherwise, in the same statement
 * (projections/migrations/005; an edit's vector is computed, never kept: 012).
 * A kept vector is looked up by its key, once per row (OFFSET 0 keeps the subquery from being inlined
 * twice): as a join, the planner could read the whole kept table for every single new article.
 */
async function insertArticles(tx: Sql, events: readonly ArticleCreated[]) {
  const rows = events.map(({ streamId, data }) => newArticleRow(streamId, data));
  const columns =
    'id, title, slug, excerpt, content, image, category, author, published_at, source_id, source_url, guid_hash, is_imported, review_required, status, english_title, english_excerpt, english_content, image_alt, review_note';
  await tx.query(
    `WITH r AS (
       SELECT *, news_search_key(title, excerpt, content) AS text_key
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, title text, slug text, excerpt text, content text, image text, category text,
         author text, published_at timestamptz, source_id uuid, source_url text, guid_hash text, is_imported boolean, review_required boolean,
         status text, english_title text, english_excerpt text, english_content text, image_alt text, review_note text)
     ), vectors AS (
       SELECT DISTINCT ON (k.text_key) k.text_key, k.kept IS NULL AS fresh,
         coalesce(k.kept, to_tsvector('spanish', news_search_source(k.title, k.excerpt, k.content))) AS search_vector
       FROM (SELECT r.*, (SELECT v.search_vector FROM news_search_vectors v WHERE v.text_hash = r.text_key) AS kept FROM r OFFSET 0) k
     ), kept AS (
       INSERT INTO news_search_vectors (text_hash, search_vector) SELECT text_key, search_vector FROM vectors WHERE fresh ON CONFLICT DO NOTHING
     )
     INSERT INTO news_articles (${columns}, search_vector)
     SELECT ${columns
       .split(', ')
       .map((column) => `r.${column}`)
       .join(', ')}, vectors.search_vector FROM r JOIN vectors USING (text_key)`,
    [JSON.stringify(rows)],
  );
  await addMediaUses(tx, rows);
}

const newsProjector = typedProjector<NewsArticleEvent>({
  name: 'news_articles',
  uniqueRules: {
    news_articles_slug_key: { field: 'slug', message: 'Ya existe una noticia con ese slug' },
    news_articles_source_guid_key: { field: 'guidHash', message: 'Ese artículo de la fuente ya fue importado' },
  },
  handles: eventTypes.newsArticle,
  projectMany: { types: ['NewsArticleCreated'], project: (tx, events) => insertArticles(tx, events as ArticleCreated[]) },
  // An edit's vector is computed from its text, not kept (projections/migrations/012): replaying every
  // edit would compute one for each, so the replay leaves them empty and each is computed once at its end.
  rebuild: {
    before: async (tx) => void (await tx.query(`SELECT set_config('news.vectors_later', 'on', true)`)),
    async after(tx) {
      const [{ owed }] = await tx.query<{ owed: string | null }>(`SELECT current_setting('news.vectors_owed', true) AS owed`);
      await tx.query(`SELECT set_config('news.vectors_later', 'off', true), set_config('news.vectors_owed', 'off', true)`);
      if (owed !== 'on') return;
      await tx.query(
        `UPDATE news_articles SET search_vector = to_tsvector('spanish', news_search_source(title, excerpt, content)) WHERE search_vector IS NULL`,
      );
    },
  },
  async project(tx, event) {
    switch (event.type) {
      case 'NewsArticleCreated':
        return insertArticles(tx, [event]);
      case 'NewsArticleUpdated':
        await updateColumns(tx, 'news_articles', event.streamId, event.data.changes, newsColumns);
        return refreshMediaUses(tx, event.streamId, event.data.changes);
      case 'NewsArticlePublished':
        await tx.query(`UPDATE news_articles SET review_required = false, status = 'published' WHERE id = $1`, [event.streamId]);
        return;
      case 'NewsArticleRestored':
        await updateColumns(tx, 'news_articles', event.streamId, event.data.changes, newsColumns);
        return refreshMediaUses(tx, event.streamId, event.data.changes);
      case 'NewsArticleDeleted': {
        await tx.query('DELETE FROM news_articles WHERE id = $1', [event.streamId]);
        await tx.query('DELETE FROM media_uses WHERE article_id = $1', [event.streamId]);
        const { sourceId, guidHash } = event.data;
        if (sourceId && guidHash) {
          await tx.query('INSERT INTO deleted_feed_items (source_id, guid_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [sourceId, guidHash]);
        }
        return;
      }
      default:
        unhandled(event);
    }
  },
});

const contactProjector = typedProjector<ContactMessageEvent>({
  name: 'contact_messages',
  handles: eventTypes.contactMessage,
  async project(tx, event) {
    switch (event.type) {
      case 'ContactMessageReceived': {
        if (isRedacted(event)) return;
        const d = event.data;
        await tx.query('INSERT INTO contact_messages (id, name, email, phone, message, status, created_at, language) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)', [
          event.streamId,
          d.name,
          d.email,
          d.phone,
          d.message,
          'unread',
          d.createdAt,
          d.language ?? 'es',
        ]);
        return;
      }
      case 'ContactStatusChanged':
        if (isRedacted(event)) return;
        await tx.query('UPDATE contact_messages SET status = $2 WHERE id = $1', [event.streamId, event.data.to]);
        return;
      case 'ContactNoteAdded': {
        if (isRedacted(event)) return;
        const note = { text: event.data.text, at: event.recordedAt.toISOString(), author: event.metadata.actor?.username ?? null };
        await tx.query('UPDATE contact_messages SET notes = notes || jsonb_build_array($2::jsonb) WHERE id = $1', [event.streamId, json(note)]);
        return;
      }
      case 'ContactMessageErased':
        await tx.query('DELETE FROM contact_messages WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const advanceFormsProjector = typedProjector<AdvanceFormEvent>({
  name: 'advance_forms',
  handles: eventTypes.advanceForm,
  async project(tx, event) {
    switch (event.type) {
      case 'AdvanceFormSubmitted': {
        if (isRedacted(event)) return;
        const { form, submittedBy, createdAt, deviceTime } = event.data;
        const skew = deviceClockSkewMs({ deviceTime, completedOnSiteAt: form.completedOnSiteAt, receivedAt: createdAt });
        await tx.query(
          `INSERT INTO advance_forms (id, host_name, event_date, data, submitted_by, created_at, updated_at, completed_on_site_at, device_clock_skew_ms)
           VALUES ($1,$2,$3,$4::jsonb,$5,$6,$6,$7,$8)`,
          [event.streamId, form.hostName, form.eventDate, json(form), submittedBy, createdAt, form.completedOnSiteAt ?? null, skew],
        );
        return;
      }
      // The record shows the new version; its first arrival (created_at) stays.
      case 'AdvanceFormCorrected': {
        if (isRedacted(event)) return;
        const { form, correctedAt, deviceTime } = event.data;
        const skew = deviceClockSkewMs({ deviceTime, completedOnSiteAt: form.completedOnSiteAt, receivedAt: correctedAt });
        await tx.query(
          `UPDATE advance_forms SET host_name = $2, event_date = $3, data = $4::jsonb, updated_at = $5, completed_on_site_at = $6, device_clock_skew_ms = $7
           WHERE id = $1`,
          [event.streamId, form.hostName, form.eventDate, json(form), correctedAt, form.completedOnSiteAt ?? null, skew],
        );
        return;
      }
      case 'AdvanceFormErased':
        await tx.query('DELETE FROM advance_forms WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const mediaProjector = typedProjector<MediaEvent>({
  name: 'media',
  handles: eventTypes.media,
  async project(tx, event) {
    switch (event.type) {
      case 'MediaUploaded': {
        const { original, variants, sourceUrl } = event.data;
        const totalBytes = [original, ...variants].reduce((sum, file) => sum + file.bytes, 0);
        await tx.query(
          `INSERT INTO media (id, url, type, width, height, bytes, total_bytes, variants, source_url, uploaded_by, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10,$11)`,
          [
            event.streamId,
            mediaFileUrl(event.streamId, original.file),
            original.type,
            original.width,
            original.height,
            original.bytes,
            totalBytes,
            json(variants),
            sourceUrl,
            event.metadata.actor?.username ?? null,
            event.recordedAt.toISOString(),
          ],
        );
        return;
      }
      case 'MediaDeleted':
        await tx.query('DELETE FROM media WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

export const allProjectors: Projector[] = [
  usersProjector,
  servicesProjector,
  feedSourcesProjector,
  newsProjector,
  contactProjector,
  advanceFormsProjector,
  summaryProjector,
  mediaProjector,
];

/** The read tables the projectors own, emptied before a rebuild. */
export const readTables = [
  'users',
  'services',
  'rss_sources',
  'news_articles',
  'deleted_feed_items',
  'contact_messages',
  'advance_forms',
  'user_passkeys',
  'security_settings',
  'media',
  'media_uses',
  ...summaryReadTables,
];
