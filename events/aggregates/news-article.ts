// A news article: created (by staff or by a feed import), updated, published after review, deleted.
import type { NewsArticleInput } from '../../domain';
import type { Decider } from '../decider';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

export const newsArticleEvents = { created: 'NewsArticleCreated', updated: 'NewsArticleUpdated', deleted: 'NewsArticleDeleted' } as const;

type EnglishVersion = 'englishTitle' | 'englishExcerpt' | 'englishContent';

/** The English version is optional: imported articles and articles written before it existed have none. */
export type NewsArticleRecord = Omit<NewsArticleInput, 'publishedAt' | 'reviewRequired' | EnglishVersion> &
  Partial<Pick<NewsArticleInput, EnglishVersion>> & {
    publishedAt: string;
    reviewRequired: boolean;
    isImported: boolean;
    sourceId: string | null;
    sourceUrl: string | null;
    guidHash: string | null;
  };

/** What a deletion remembers: where an imported article came from, so the importer never brings it back. */
export type NewsArticleDeletion = { slug: string; sourceId: string | null; guidHash: string | null };

export type NewsArticleEvent =
  RecordEvent<typeof newsArticleEvents, NewsArticleRecord, NewsArticleDeletion> | { type: 'NewsArticlePublished'; data: Record<string, never> };

const base = recordDecider<NewsArticleRecord, typeof newsArticleEvents, NewsArticleDeletion>(newsArticleEvents, 'Noticia no encontrada', (record) => ({
  slug: record.slug,
  sourceId: record.sourceId,
  guidHash: record.guidHash,
}));

export const newsArticle: Decider<RecordState<NewsArticleRecord>, RecordCommand<NewsArticleRecord>, NewsArticleEvent> = {
  initialState: base.initialState,
  evolve(state, event) {
    if (event.type !== 'NewsArticlePublished') return base.evolve(state, event);
    return state.status === 'live' ? { status: 'live', record: { ...state.record, reviewRequired: false } } : state;
  },
  decide(command, state) {
    // Clearing the review flag of an article under review is its publication, a fact of its own.
    if (command.type === 'Update' && command.patch.reviewRequired === false && state.status === 'live' && state.record.reviewRequired) {
      const rest = base.decide({ type: 'Update', patch: { ...command.patch, reviewRequired: true } }, state);
      return [...rest, { type: 'NewsArticlePublished', data: {} }];
    }
    return base.decide(command, state);
  },
};
