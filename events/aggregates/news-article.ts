// A news article: created (by staff or by a feed import), updated, published (by hand, after review, or
// when its scheduled time comes), restored to an earlier version's text, deleted.
// Its status and review flag follow one rule (docs/rules.md, 'News statuses'): an article waiting for
// review is a draft; scheduling or publishing it is its review; going public is a fact of its own.
import {
  articleStatus,
  BadRequest,
  isDatedAhead,
  NotFound,
  publishedAheadMessage,
  type ArticleTextField,
  type NewsArticleInput,
  type NewsStatus,
} from '../../domain';
import { diff, type Decider } from '../decider';
import { recordDecider, type Changes, type RecordCommand, type RecordEvent, type RecordState } from './record';

const newsArticleEvents = { created: 'NewsArticleCreated', updated: 'NewsArticleUpdated', deleted: 'NewsArticleDeleted' } as const;

type EnglishVersion = 'englishTitle' | 'englishExcerpt' | 'englishContent';

/** The English version is optional: imported articles and articles written before it existed have none. */
export type NewsArticleRecord = Omit<NewsArticleInput, 'publishedAt' | 'reviewRequired' | 'status' | 'imageAlt' | EnglishVersion> &
  Partial<Pick<NewsArticleInput, EnglishVersion>> & {
    publishedAt: string;
    reviewRequired: boolean;
    /** Absent in events written before statuses existed: read it with articleStatus(). */
    status?: NewsStatus;
    isImported: boolean;
    sourceId: string | null;
    sourceUrl: string | null;
    guidHash: string | null;
    /** Absent in events written before images had a description. */
    imageAlt?: string | null;
    /** The importer's word to the reviewer (an image it could not copy); absent for staff's articles. */
    reviewNote?: string | null;
  };

/** The text of one version: what a restore brings back. */
type ArticleText = Partial<Pick<NewsArticleRecord, ArticleTextField>>;

/** What a deletion remembers: where an imported article came from, so the importer never brings it back. */
type NewsArticleDeletion = { slug: string; sourceId: string | null; guidHash: string | null };

export type NewsArticleEvent =
  | RecordEvent<typeof newsArticleEvents, NewsArticleRecord, NewsArticleDeletion>
  /** It went public from status `from`; `scheduledFor` when its scheduled time came. Older events carry neither (a review's end). */
  | { type: 'NewsArticlePublished'; data: { from?: NewsStatus; scheduledFor?: string } }
  /** The text of version `restoredFrom` made current again: what changed from the text it replaced. */
  | { type: 'NewsArticleRestored'; data: { restoredFrom: number; changes: Changes } };

export type NewsArticleCommand =
  /**
   * `now`: the moment of a save by staff, which may not leave the article published with a date after
   * it (a feed import, which dates its articles no later than the import, passes none).
   */
  | { type: 'Create'; record: NewsArticleRecord; now?: string }
  | { type: 'Update'; patch: Partial<NewsArticleRecord>; now?: string }
  | Exclude<RecordCommand<NewsArticleRecord>, { type: 'Create' | 'Update' }>
  /** Publishes the article if it is scheduled for `now` or earlier; nothing otherwise (so a repeat is harmless). */
  | { type: 'PublishDue'; now: string }
  | { type: 'Restore'; version: number; text: ArticleText };

const base = recordDecider<NewsArticleRecord, typeof newsArticleEvents, NewsArticleDeletion>(newsArticleEvents, 'Noticia no encontrada', (record) => ({
  slug: record.slug,
  sourceId: record.sourceId,
  guidHash: record.guidHash,
}));

type State = RecordState<NewsArticleRecord>;

/** Every record in the state carries its status, also those created before statuses existed. */
const withStatus = (state: State): State =>
  state.status === 'live' && state.record.status !== articleStatus(state.record)
    ? { status: 'live', record: { ...state.record, status: articleStatus(state.record) } }
    : state;

function applyChanges(state: State, changes: Changes): State {
  if (state.status !== 'live') return state;
  const next: Record<string, unknown> = { ...state.record };
  for (const [key, change] of Object.entries(changes)) next[key] = change.to;
  return { status: 'live', record: next as NewsArticleRecord };
}

/** The status and review flag an update leads to, from what it asks and where the article stands. */
function nextStanding(before: NewsArticleRecord, patch: Partial<NewsArticleRecord>): { status: NewsStatus; reviewRequired: boolean } {
  const from = articleStatus(before);
  if (patch.reviewRequired === true) return { status: 'draft', reviewRequired: true };
  // 'Publicar' of an article waiting for review ({ reviewRequired: false }) publishes it unless a status says otherwise.
  if (patch.reviewRequired === false && before.reviewRequired && patch.status === undefined) return { status: 'published', reviewRequired: false };
  const status = patch.status ?? from;
  if (status !== 'draft') return { status, reviewRequired: false };
  return { status, reviewRequired: patch.reviewRequired ?? before.reviewRequired };
}

/** A published article is public at once: the date it shows cannot be ahead of the save that made it so. */
function refuseDatedAhead(publishedAt: string, now: string) {
  if (isDatedAhead(publishedAt, now)) throw new BadRequest('Revise los campos marcados', { publishedAt: publishedAheadMessage });
}

export const newsArticle: Decider<State, NewsArticleCommand, NewsArticleEvent> = {
  initialState: base.initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'NewsArticlePublished':
        return state.status === 'live' ? { status: 'live', record: { ...state.record, reviewRequired: false, status: 'published' } } : state;
      case 'NewsArticleRestored':
        return applyChanges(state, event.data.changes);
      default:
        return withStatus(base.evolve(state, event));
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Create': {
        const { record } = command;
        if (command.now && articleStatus(record) === 'published') refuseDatedAhead(record.publishedAt, command.now);
        return base.decide({ type: 'Create', record: { ...record, status: articleStatus(record) } }, state);
      }
      case 'PublishDue': {
        if (state.status !== 'live' || articleStatus(state.record) !== 'scheduled' || state.record.publishedAt > command.now) return [];
        return [{ type: 'NewsArticlePublished', data: { from: 'scheduled', scheduledFor: state.record.publishedAt } }];
      }
      case 'Restore': {
        if (state.status !== 'live') throw new NotFound('Noticia no encontrada');
        const changes = diff(state.record, command.text);
        return Object.keys(changes).length ? [{ type: 'NewsArticleRestored', data: { restoredFrom: command.version, changes } }] : [];
      }
      case 'Update': {
        if (state.status !== 'live') return base.decide(command, state);
        const before = state.record;
        const next = nextStanding(before, command.patch);
        const publishes = next.status === 'published' && articleStatus(before) !== 'published';
        // Checked when the save publishes the article or moves its date: one published with a date ahead
        // before this rule keeps it, and can still be saved as the dialog sends it back.
        const { publishedAt } = command.patch;
        const redated = publishedAt !== undefined && publishedAt !== before.publishedAt;
        if (command.now && next.status === 'published' && (publishes || redated)) refuseDatedAhead(publishedAt ?? before.publishedAt, command.now);
        // Going public is its own event; the update carries the rest of what was asked.
        const standing = publishes ? { status: articleStatus(before), reviewRequired: before.reviewRequired } : next;
        const events: NewsArticleEvent[] = base.decide({ type: 'Update', patch: { ...command.patch, ...standing } }, state);
        return publishes ? [...events, { type: 'NewsArticlePublished', data: { from: articleStatus(before) } }] : events;
      }
      default:
        return base.decide(command, state);
    }
  },
};
