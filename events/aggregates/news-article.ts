// A news article: created (by staff or by a feed import), updated, published after review, deleted.
import { NotFound, type NewsArticleInput } from '../../domain';
import type { Decider } from '../decider';
import { recordDecider, type RecordCommand, type RecordState } from './record';

export const newsArticleEvents = { created: 'NewsArticleCreated', updated: 'NewsArticleUpdated', deleted: 'NewsArticleDeleted' } as const;

type EnglishVersion = 'englishTitle' | 'englishExcerpt' | 'englishContent';

/** The English version is optional: imported articles and articles written before it existed have none. */
export type NewsArticleRecord = Omit<NewsArticleInput, 'publishedAt' | 'reviewRequired' | EnglishVersion> & Partial<Pick<NewsArticleInput, EnglishVersion>> & {
  publishedAt: string;
  reviewRequired: boolean;
  isImported: boolean;
  sourceId: string | null;
  sourceUrl: string | null;
  guidHash: string | null;
};

type Command = RecordCommand<NewsArticleRecord> | { type: 'Publish' };

// The deletion remembers where an imported article came from, so the importer never brings it back.
const base = recordDecider<NewsArticleRecord>(newsArticleEvents, 'Noticia no encontrada', (record) => ({
  slug: record.slug,
  sourceId: record.sourceId,
  guidHash: record.guidHash,
}));

export const newsArticle: Decider<RecordState<NewsArticleRecord>, Command, { type: string; data: any }> = {
  initialState: base.initialState,
  evolve(state, event) {
    if (event.type === 'NewsArticlePublished' && state.status === 'live') {
      return { status: 'live', record: { ...state.record, reviewRequired: false } };
    }
    return base.evolve(state, event);
  },
  decide(command, state) {
    if (command.type === 'Publish' || (command.type === 'Update' && command.patch.reviewRequired === false && state.status === 'live' && state.record.reviewRequired)) {
      if (state.status !== 'live') throw new NotFound('Noticia no encontrada');
      const rest = command.type === 'Update' ? base.decide({ type: 'Update', patch: { ...command.patch, reviewRequired: true } }, state) : [];
      return [...rest, { type: 'NewsArticlePublished', data: {} }];
    }
    return base.decide(command, state);
  },
};
