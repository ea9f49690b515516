// The editor's copies on this device (IndexedDB): what autosave could not send to the server (no
// connection, fields still missing) and edits of a published article before 'Actualizar'. One copy per
// article ('nueva' for an article not yet on the server); a copy marked `pending` is a draft to send as
// soon as there is a connection (sendPendingDrafts), then forgotten.
import { openDB, type IDBPDatabase } from 'idb';
import type { NewsArticle, NewsArticleFormValues } from '../../../../domain';
import { apiJson, isNetworkFailure } from '../../../lib/api';

export type LocalDraft = {
  key: string;
  /** The article on the server; null while it exists only here. */
  articleId: string | null;
  values: NewsArticleFormValues;
  savedAt: number;
  /** A draft waiting for a connection to be saved on the server. */
  pending: boolean;
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

/** A draft's body for the server: whatever status was chosen, autosave only ever writes a draft. */
export const draftBody = (values: NewsArticleFormValues) => ({ ...values, status: 'draft' as const });

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
  for (const draft of await localDrafts.all().catch(() => [])) {
    if (!draft.pending || draft.key === except) continue;
    try {
      if (draft.articleId) await apiJson<NewsArticle>('PATCH', `/api/news/${draft.articleId}`, draftBody(draft.values));
      else await apiJson<NewsArticle>('POST', '/api/news', draftBody(draft.values));
      await localDrafts.remove(draft.key);
      sent += 1;
    } catch (error) {
      // Still offline: tried again later. Refused (a slug taken meanwhile): kept for the editor to recover, not retried.
      if (!isNetworkFailure(error)) await localDrafts.put({ ...draft, pending: false });
    }
  }
  return sent;
}
