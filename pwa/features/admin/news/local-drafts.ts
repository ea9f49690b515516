// The editor's copies on this device (IndexedDB): what autosave could not send to the server (no
// connection, fields still missing) and edits of a published article before 'Actualizar'. One copy per
// article ('nueva' for an article not yet on the server); a copy marked `pending` is a draft to send as
// soon as there is a connection (sendPendingDrafts), then forgotten.
import { openDB, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import type { NewsArticle, NewsArticleFormValues } from '../../../../domain';
import { ApiError, apiJson, isNetworkFailure } from '../../../lib/api';
import { triedAgainLater } from '../../../offline/retry-policy';

export type LocalDraft = {
  key: string;
  /** The article on the server; null while it exists only here. */
  articleId: string | null;
  values: NewsArticleFormValues;
  savedAt: number;
  /** A draft waiting for a connection to be saved on the server. */
  pending: boolean;
  /** The editing (one opening of the dialog) that kept it; copies kept before this was recorded have none. */
  writer?: string;
  /**
   * The article's version the text was based on: sent with it, so that it never replaces a save made
   * since by someone else (refused, it stays here to be recovered). Copies kept before versions have none.
   */
  version?: number | null;
};

export const newArticleKey = 'nueva';

let database: Promise<IDBPDatabase> | null = null;
const open = () =>
  (database ??= openDB('news-editor', 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
  }));

export const localDrafts = {
  get: async (key: string): Promise<LocalDraft | undefined> => (await open()).get('drafts', key),
  put: async (draft: LocalDraft) => void (await (await open()).put('drafts', draft)),
  remove: async (key: string) => void (await (await open()).delete('drafts', key)),
  all: async (): Promise<LocalDraft[]> => (await open()).getAll('drafts'),
};

/**
 * The server could not take a save: no answer at all, or one that is about the server, not the text (a
 * proxy's 502 while the app restarts, a rate limit). The copy waits to be sent again; any other refusal
 * is about the text, and no retry would change it.
 */
export const gotNoAnswer = (error: unknown) => isNetworkFailure(error) || (error instanceof ApiError && triedAgainLater(error.status));

/**
 * A draft's body for the server: whatever status was chosen, autosave only ever writes a draft; with the
 * version of the article it was based on (none for a new article).
 */
export const draftBody = (values: NewsArticleFormValues, version: number | null | undefined) => ({
  ...values,
  status: 'draft' as const,
  ...(version ? { expectedVersion: version } : {}),
});

// One send at a time: two at once (the tab opening as the connection returns) would both find a new
// article's copy and make it twice.
let sending: Promise<unknown> = Promise.resolve();

/**
 * Sends every draft kept here while offline, but the one under `except` (the open dialog's, which its
 * autosave sends itself); each one sent is forgotten. Answers how many went.
 */
export function sendPendingDrafts(except?: string): Promise<number> {
  const run = sending.then(() => sendNow(except));
  sending = run.catch(() => {});
  return run;
}

async function sendNow(except: string | undefined): Promise<number> {
  let sent = 0;
  // A copy replaced while it was on its way is sent again: a pass or two, as each send is a moment.
  for (let pass = 0; pass < 3; pass++) {
    let replaced = false;
    for (const draft of await localDrafts.all().catch(() => [])) {
      if (!draft.pending || draft.key === except) continue;
      try {
        const saved = draft.articleId
          ? await apiJson<NewsArticle>('PATCH', `/api/news/${draft.articleId}`, draftBody(draft.values, draft.version))
          : await apiJson<NewsArticle>('POST', '/api/news', draftBody(draft.values, null));
        replaced = (await forgetSent(draft, saved)) || replaced;
        sent += 1;
      } catch (error) {
        // No answer from the server: tried again later. Refused (a slug taken meanwhile, or someone else saved
        // the article since its version): kept for the editor to recover, not retried.
        if (!gotNoAnswer(error)) replaced = (await keepUnsent(draft)) || replaced;
      }
    }
    if (!replaced) break;
  }
  return sent;
}

/** Reads the copy under `key` and acts on it in one transaction: nothing else writes it in between. */
async function withCopy<T>(key: string, act: (now: LocalDraft | undefined, store: DraftStore) => Promise<T>): Promise<T> {
  const transaction = (await open()).transaction('drafts', 'readwrite');
  const answer = await act((await transaction.store.get(key)) as LocalDraft | undefined, transaction.store);
  await transaction.done;
  return answer;
}
type DraftStore = IDBPObjectStore<unknown, ['drafts'], 'drafts', 'readwrite'>;

/**
 * Forgets the copy just sent as article `saved`, unless another took its place meanwhile. A newer copy of
 * the same editing (its dialog closed, saving its last changes, as the connection came back) stays to be
 * sent, now as a change of that article based on the version this send made: a new article's copy must
 * not make a second article. A copy of another new article, kept under the same key meanwhile, stays as
 * it is. Answers whether a copy is left to send.
 */
const forgetSent = (draft: LocalDraft, saved: NewsArticle) =>
  withCopy(draft.key, async (now, store) => {
    if (now === undefined || sameCopy(now, draft)) {
      await store.delete(draft.key);
      return false;
    }
    if (now.writer === draft.writer) {
      if (draft.key !== saved.id) await store.delete(draft.key);
      await store.put({ ...now, key: saved.id, articleId: saved.id, version: saved.version });
    }
    return now.pending;
  });

/**
 * Forgets the copy under `key` once its text reached the server, unless it was kept after `since` (the
 * moment that save took the text: it then holds what came later, or another new article's text) or its
 * writer is not one `mine` accepts (another new article's copy).
 */
export const forgetSavedCopy = (key: string, since: number, mine: (writer: string | undefined) => boolean = () => true) =>
  withCopy(key, async (now, store) => {
    if (now && now.savedAt <= since && mine(now.writer)) await store.delete(key);
  });

/**
 * A copy the server refused stays for the editor to recover, no longer sent by itself; a newer one that
 * took its place meanwhile is still sent. Answers whether one did.
 */
const keepUnsent = (draft: LocalDraft) =>
  withCopy(draft.key, async (now, store) => {
    if (!now) return false;
    if (!sameCopy(now, draft)) return now.pending;
    await store.put({ ...now, pending: false });
    return false;
  });

const sameCopy = (a: LocalDraft, b: LocalDraft) => a.savedAt === b.savedAt && JSON.stringify(a.values) === JSON.stringify(b.values);
