// An article's versions, read from its own stream in the log: every event that changed its text (the
// creation, an update of the title, summary or content in either language, a restore) is a version,
// numbered by its place in the stream. Nothing is kept apart: the log is the history.
import { articleTextFields, type NewsRevision, type NewsRevisionText } from '../domain';
import { fold, newsArticle, type EventStore, type NewsArticleEvent, type StoredEvent } from '../events';

const changesText = (event: NewsArticleEvent): boolean => {
  switch (event.type) {
    case 'NewsArticleCreated':
      return true;
    case 'NewsArticleUpdated':
    case 'NewsArticleRestored':
      return articleTextFields.some((field) => field in event.data.changes);
    default:
      return false;
  }
};

type ArticleStream = StoredEvent<NewsArticleEvent>[];

function revisionOf(stream: ArticleStream, index: number): NewsRevisionText | null {
  const state = fold(newsArticle, stream.slice(0, index + 1));
  if (state.status !== 'live') return null;
  const event = stream[index];
  const { title, excerpt, content, englishTitle, englishExcerpt, englishContent } = state.record;
  return {
    version: event.streamVersion,
    at: event.recordedAt.toISOString(),
    by: event.metadata.actor?.username ?? null,
    title,
    restoredFrom: event.type === 'NewsArticleRestored' ? event.data.restoredFrom : null,
    excerpt,
    content,
    englishTitle: englishTitle ?? null,
    englishExcerpt: englishExcerpt ?? null,
    englishContent: englishContent ?? null,
  };
}

export function newsRevisions(store: EventStore) {
  const streamOf = async (id: string): Promise<ArticleStream> => (await store.readStream(id)) as ArticleStream;
  return {
    /** The article's versions, newest first; null when there is no such article (or it was deleted). */
    async list(id: string): Promise<NewsRevision[] | null> {
      const stream = await streamOf(id);
      if (stream.length === 0 || stream[0].type !== 'NewsArticleCreated' || fold(newsArticle, stream).status !== 'live') return null;
      const revisions: NewsRevision[] = [];
      stream.forEach((event, index) => {
        if (!changesText(event)) return;
        const revision = revisionOf(stream, index);
        if (!revision) return;
        const { version, at, by, title, restoredFrom } = revision;
        revisions.push({ version, at, by, title, restoredFrom });
      });
      return revisions.reverse();
    },
    /** The text as it stood at `version` (a version that changed the text), or null. */
    async text(id: string, version: number): Promise<NewsRevisionText | null> {
      const stream = await streamOf(id);
      if (stream.length === 0 || stream[0].type !== 'NewsArticleCreated' || fold(newsArticle, stream).status !== 'live') return null;
      const index = stream.findIndex((event) => event.streamVersion === version);
      if (index < 0 || !changesText(stream[index])) return null;
      return revisionOf(stream, index);
    },
  };
}
