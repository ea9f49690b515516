// Autosave of the news dialog. A draft (or an article not yet saved) goes to the server a few seconds
// after the last change (at most every 10 s while typing goes on), always as a draft, so autosave never
// publishes anything. Without a connection, or while required fields are missing, it is kept on this
// device instead (local-drafts.ts) and an offline copy is sent when the connection returns. Edits of a
// scheduled or published article stay on this device until 'Actualizar': the live page changes only then.
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { newsArticleInput, type NewsArticle, type NewsArticleFormValues, type NewsArticleInput, type NewsStatus } from '../../../../domain';
import { ApiError, apiJson, isNetworkFailure } from '../../../lib/api';
import { draftBody, localDrafts, newArticleKey, sendPendingDrafts } from './local-drafts';
import { newsKeyPrefix } from './api';

const quietMs = 3_000;
const atMostMs = 10_000;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'server' | 'local' | 'offline' | 'live' | 'incomplete'; at: number }
  | { kind: 'failed'; reason: string | null };

type Options = {
  isOpen: boolean;
  form: UseFormReturn<NewsArticleFormValues, unknown, NewsArticleInput>;
  /** The article on the server (also one autosave made); null while there is none. */
  articleId: string | null;
  /** Its status on the server; null while there is none. */
  savedStatus: NewsStatus | null;
  /** Called when autosave made the article on the server. */
  onCreated: (article: NewsArticle) => void;
};

export function useAutosave({ isOpen, form, articleId, savedStatus, onCreated }: Options) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const changes = useRef<{ first: number; last: number } | null>(null);
  const running = useRef(false);
  // While 'Crear' / 'Actualizar' saves, autosave waits: its PATCH (always a draft) landing after the
  // article was published would make it a draft again.
  const held = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  // The article an autosave has just made, before the dialog's next render knows it.
  const created = useRef<string | null>(null);
  const latest = useRef({ articleId, savedStatus, onCreated });
  latest.current = { articleId, savedStatus, onCreated };
  const dialogOpen = useRef(isOpen);
  dialogOpen.current = isOpen;
  // The key of the copy this dialog kept here to send later (no connection); null once the server has it.
  const waiting = useRef<string | null>(null);
  const key = articleId ?? newArticleKey;

  // Every change a person makes counts, from the dialog's opening on (its reset is not a change).
  // Closing the dialog ('Cancelar', Escape, or leaving the panel) saves what was typed since the last
  // autosave, as autosave would have a moment later: an earlier autosave has already kept part of the
  // same text, and the rest must not be dropped while that part is kept (or sent when the connection
  // returns). After 'Crear' / 'Actualizar' nothing is left to save.
  useEffect(() => {
    if (!isOpen) return;
    changes.current = null;
    created.current = null;
    waiting.current = null;
    setState({ kind: 'idle' });
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      const at = Date.now();
      changes.current = { first: changes.current?.first ?? at, last: at };
    });
    return () => {
      subscription.unsubscribe();
      void saveRest();
    };
    // saveRest reads what it needs from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, form]);

  function save(): Promise<void> {
    if (held.current || running.current || !changes.current) return Promise.resolve();
    inFlight.current = saveNow().finally(() => (inFlight.current = null));
    return inFlight.current;
  }

  /** Saves what is still unsaved once a save under way has ended (that save took only what came before it). */
  async function saveRest(): Promise<void> {
    await inFlight.current;
    await save();
  }

  async function saveNow(): Promise<void> {
    const pending = changes.current;
    if (!pending) return;
    running.current = true;
    changes.current = null;
    const values = form.getValues();
    const { articleId: id, savedStatus: status } = latest.current;
    const here = (kind: 'local' | 'offline' | 'live' | 'incomplete', sendLater: boolean) =>
      localDrafts.put({ key: id ?? newArticleKey, articleId: id, values, savedAt: Date.now(), pending: sendLater }).then(() => {
        waiting.current = sendLater ? (id ?? newArticleKey) : null;
        setState({ kind, at: Date.now() });
      });
    try {
      if (id && status && status !== 'draft') return await here('live', false);
      if (!newsArticleInput.safeParse(values).success) return await here('incomplete', false);
      if (typeof navigator !== 'undefined' && !navigator.onLine) return await here('offline', true);
      setState({ kind: 'saving' });
      try {
        const saved = id
          ? await apiJson<NewsArticle>('PATCH', `/api/news/${id}`, draftBody(values))
          : await apiJson<NewsArticle>('POST', '/api/news', draftBody(values));
        if (!id) {
          created.current = saved.id;
          latest.current.onCreated(saved);
          await localDrafts.remove(newArticleKey);
        }
        await localDrafts.remove(saved.id);
        waiting.current = null;
        setState({ kind: 'server', at: Date.now() });
        void queryClient.invalidateQueries({ queryKey: newsKeyPrefix });
      } catch (error) {
        if (isNetworkFailure(error)) return await here('offline', true);
        await here('local', false);
        setState({ kind: 'failed', reason: error instanceof ApiError ? (error.serverMessage ?? null) : null });
      }
    } catch {
      // IndexedDB refused (private browsing): the form still holds the text; try again at the next change.
      changes.current = pending;
      setState({ kind: 'failed', reason: null });
    } finally {
      running.current = false;
    }
  }

  // A clock for 'Guardado hace N s', and the moment to save.
  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const pending = changes.current;
      if (pending && (at - pending.last >= quietMs || at - pending.first >= atMostMs)) void save();
    }, 1_000);
    return () => clearInterval(timer);
    // save reads what it needs from refs; the timer only follows the dialog's opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  // Back online: what waited here goes to the server. The open dialog's own copy is saved by its
  // autosave, from the form (which holds it, and anything typed since): that save learns the article it
  // makes and goes on updating it, where a copy sent behind its back would be made again at its next save.
  useEffect(() => {
    const send = async () => {
      const own = dialogOpen.current ? waiting.current : null;
      if (own) {
        changes.current ??= { first: 0, last: 0 };
        await save();
        await inFlight.current;
      }
      const sent = await sendPendingDrafts(own ?? undefined);
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: newsKeyPrefix });
    };
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
    // save reads what it needs from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);

  return {
    state,
    now,
    key,
    /** Saves now what is unsaved (before a preview); answers once done. */
    flush: saveRest,
    /**
     * Before 'Crear' / 'Actualizar': autosave stops, and one already sent is waited for. Answers the
     * article on the server, also one that autosave made meanwhile (so it is updated, not made twice).
     */
    async hold(): Promise<string | null> {
      held.current = true;
      await inFlight.current;
      return latest.current.articleId ?? created.current;
    },
    /** 'Crear' / 'Actualizar' failed: autosave goes on. */
    release() {
      held.current = false;
    },
    /** After 'Crear' / 'Actualizar': nothing is left to autosave, and no copy is kept here. */
    async settled(savedKey: string) {
      held.current = false;
      changes.current = null;
      waiting.current = null;
      await Promise.all([localDrafts.remove(savedKey), localDrafts.remove(newArticleKey)]).catch(() => {});
      setState({ kind: 'idle' });
    },
  };
}
