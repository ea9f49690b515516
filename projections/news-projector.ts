// The news projector: news_articles from the articles' events, with each article's search vector (kept
// or computed in the statement that writes it; an edit's computed by a trigger) and the media library
// images it shows (media_uses).
import { eventTypes, typedProjector, unhandled, type Changes, type NewsArticleEvent, type NewsArticleRecord, type Sql, type StoredEvent } from '../events';
import { articlePublicFields, articleStatus, mediaReference } from '../domain';
import type { NewsRow } from './rows';
import { updateColumns, type ExtraSet } from './update-columns';

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

/**
 * An edit's mark on a published article's page: the time of the event (recorded in the log, so a rebuild
 * gives the same) when it changed a public field and the article is published. A draft's saves leave
 * none, and neither does an event that moves the article in or out of publication: going public is its
 * publication, not a change of a page visitors had read.
 */
function publicChange(event: StoredEvent<NewsArticleEvent>, changes: Changes): ExtraSet | undefined {
  if ('status' in changes || !articlePublicFields.some((field) => field in changes)) return undefined;
  return (param) =>
    `content_changed_at = CASE WHEN status = 'published' THEN ${param(event.recordedAt.toISOString())}::timestamptz ELSE content_changed_at END`;
}

/**
 * The read table's row of a new article: what the projector inserts (and so what a read of it answers).
 * Its creation is the first event of its stream: version 1.
 */
export function newArticleRow(id: string, d: NewsArticleRecord, version = 1): NewsRow {
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
    version,
    content_changed_at: null,
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
  const rows = events.map(({ streamId, streamVersion, data }) => newArticleRow(streamId, data, streamVersion));
  const columns =
    'id, title, slug, excerpt, content, image, category, author, published_at, source_id, source_url, guid_hash, is_imported, review_required, status, english_title, english_excerpt, english_content, image_alt, review_note, version';
  await tx.query(
    `WITH r AS (
       SELECT *, news_search_key(title, excerpt, content) AS text_key
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, title text, slug text, excerpt text, content text, image text, category text,
         author text, published_at timestamptz, source_id uuid, source_url text, guid_hash text, is_imported boolean, review_required boolean,
         status text, english_title text, english_excerpt text, english_content text, image_alt text, review_note text, version integer)
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

export const newsProjector = typedProjector<NewsArticleEvent>({
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
      // Every event of the article moves its version on, in the statement that writes its change.
      case 'NewsArticleUpdated':
      case 'NewsArticleRestored':
        await updateColumns(
          tx,
          'news_articles',
          event.streamId,
          event.data.changes,
          newsColumns,
          undefined,
          { version: event.streamVersion },
          publicChange(event, event.data.changes),
        );
        return refreshMediaUses(tx, event.streamId, event.data.changes);
      case 'NewsArticlePublished':
        await tx.query(`UPDATE news_articles SET review_required = false, status = 'published', version = $2 WHERE id = $1`, [
          event.streamId,
          event.streamVersion,
        ]);
        return;
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
