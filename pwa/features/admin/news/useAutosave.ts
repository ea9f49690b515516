// Autosave of the news dialog. A draft (or an article not yet saved) goes to the server a few seconds
// after the last change (at most every 10 s while typing goes on), always as a draft, so autosave never
// publishes anything. Without a connection, or while required fields are missing, it is kept on this
// device instead (local-drafts.ts). A copy kept because the server could not be reached is sent by itself
// (copy-queue.ts): tried again and again, with growing waits, until the server takes it, whether or not
// the browser ever says the connection is back, and also once the dialog is closed. Edits of a scheduled
// or published article stay on this device until 'Actualizar': the live page changes only then. Every
// save names the article's version its text was based on: one the server refuses because someone else
// saved the article since is kept on this device, and autosave sends nothing more until the dialog has
// settled it (the dialog offers the other version, or keeping this one).
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { newsArticleInput, type NewsArticle, type NewsArticleFormValues, type NewsArticleInput, type NewsStatus } from '../../../../domain';
import { ApiError, apiJson } from '../../../lib/api';
import { browserQueryClient } from '../../../lib/query-client';
import { draftBody, forgetSavedCopy, gotNoAnswer, localDrafts, newArticleKey, sendPendingDrafts, type LocalDraft } from './local-drafts';
import { newsKeyPrefix } from './api';
import { createCopyQueue, type CopyQueue } from './copy-queue';
import { sessionKey } from '../session/api';

const quietMs = 3_000;
const atMostMs = 10_000;

// One queue of copies for the page: it goes on after the dialog closed or the news tab was left.
let pageQueue: CopyQueue | null = null;
function copyQueue(): CopyQueue {
  if (!pageQueue) {
    const queue = createCopyQueue({
      onSent: () => void browserQueryClient().invalidateQueries({ queryKey: newsKeyPrefix }),
      signedOut: () => browserQueryClient().getQueryData(sessionKey) === null,
    });
    window.addEventListener('online', () => void queue.retryNow());
    pageQueue = queue;
  }
  return pageQueue;
}

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** `conflict`: someone else saved the article since the version this text was based on; kept on this device. */
  | { kind: 'server' | 'local' | 'offline' | 'live' | 'incomplete' | 'conflict'; at: number }
  | { kind: 'failed'; reason: string | null }
  /** 'Crear' / 'Actualizar' saved what the form held when pressed; what was typed while it saved is not saved yet. */
  | { kind: 'typedWhileSaving' };

type Options = {
  isOpen: boolean;
  form: UseFormReturn<NewsArticleFormValues, unknown, NewsArticleInput>;
  /** The article on the server (also one autosave made); null while there is none. */
  articleId: string | null;
  /** Its status on the server; null while there is none. */
  savedStatus: NewsStatus | null;
  /** The article's version the dialog's text is based on, as the dialog knows it; null for a new article. */
  version: number | null;
  /**
   * The dialog knows its text is not based on the article's current version (someone else saved it
   * since): autosave keeps it on this device, and sends nothing until the dialog settles it.
   */
  conflict: boolean;
  /** Called when autosave made the article on the server (while the dialog is still open). */
  onCreated: (article: NewsArticle) => void;
  /** Called when the server refused a save of the open dialog because someone else saved the article since. */
  onConflict: () => void;
};

/**
 * One opening of the dialog: what was typed since its last save, and what its saves made and kept. A
 * save that ends after its opening closed tells the dialog nothing (it may show another article by then).
 */
type Opening = {
  /** Marks the copies this opening keeps on the device. */
  writer: string;
  changes: { first: number; last: number } | null;
  running: boolean;
  inFlight: Promise<void> | null;
  /** The article a save of this opening made, before the dialog's next render knows it. */
  created: string | null;
  /** The article's version its last save made, before the dialog's next render knows it (also once closed). */
  version: number | null;
  /** The key of the copy this opening kept here to send later; null once the server has it. */
  waiting: string | null;
  /** The writers of copies this opening took up ('Recuperar cambios'): forgotten once its text is saved. */
  adopted: Set<string | undefined>;
  closed: boolean;
  /** What the dialog showed as it closed while 'Crear' / 'Actualizar' saved it (saved if that fails). */
  closedWith: SaveOf | null;
  /**
   * The article as 'Crear' / 'Actualizar' left it, the dialog still open on text typed meanwhile: what
   * its saves go by until the dialog's props say the same (a draft just published must not be saved
   * as a draft again by a save that runs before the dialog has drawn it).
   */
  saved: SavedArticle | null;
};

const newOpening = (): Opening => ({
  writer: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  changes: null,
  running: false,
  inFlight: null,
  created: null,
  version: null,
  waiting: null,
  adopted: new Set(),
  closed: false,
  closedWith: null,
  saved: null,
});

/** 'Crear' / 'Actualizar' holding autosave: the article to save, and the hold's two ends. */
export type Hold = {
  articleId: string | null;
  /** The article's version the text is based on (null for a new article). */
  version: number | null;
  release(): void;
  settled(saved: SavedArticle): Promise<AfterSave>;
};

/** The article as 'Crear' / 'Actualizar' left it on the server. */
export type SavedArticle = Pick<NewsArticle, 'id' | 'status' | 'version'>;

/**
 * After 'Crear' / 'Actualizar' saved: `done`, nothing of the open dialog is left to save (it may close);
 * `typed`, the open dialog holds text typed while it saved, which autosave now saves as it saves any
 * change (the dialog stays open on it); `closed`, the dialog was closed meanwhile.
 */
export type AfterSave = 'done' | 'typed' | 'closed';

/** What a save writes: the form's values, for the article (and its status) they belong to. */
type SaveOf = { values: NewsArticleFormValues; articleId: string | null; status: NewsStatus | null; closing: boolean };

export function useAutosave({ isOpen, form, articleId, savedStatus, version, conflict, onCreated, onConflict }: Options) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const opening = useRef<Opening>({ ...newOpening(), closed: true });
  // While 'Crear' / 'Actualizar' saves, autosave waits: its PATCH (always a draft) landing after the
  // article was published would make it a draft again.
  const held = useRef<{ opening: Opening; at: number } | null>(null);
  const [holding, setHolding] = useState(false);
  // Every save under way, of any opening (one that closed may still be sending its last words).
  const saving = useRef(new Set<Promise<void>>());
  const track = (save: Promise<void>) => {
    saving.current.add(save);
    void save.finally(() => saving.current.delete(save)).catch(() => {});
    return save;
  };
  // A run of the copies' queue held back while 'Crear' / 'Actualizar' saved goes after it.
  const afterHold = () => copyQueue().holdEnded();
  const latest = useRef({ articleId, savedStatus, version, conflict, onCreated, onConflict });
  latest.current = { articleId, savedStatus, version, conflict, onCreated, onConflict };
  const drawn = opening.current.saved;
  if (drawn && drawn.id === articleId && drawn.status === savedStatus) opening.current.saved = null;
  /** The article the opening's saves go to, and its status on the server. */
  const target = (o: Opening) => ({
    articleId: o.saved?.id ?? latest.current.articleId ?? o.created,
    status: o.saved ? o.saved.status : latest.current.savedStatus,
  });
  /**
   * The version a save of the opening is based on, read as it is sent: the later of what the dialog knows
   * and what the opening's own saves made (an article's versions only grow, and the dialog learns of a
   * save at its next render, or never once closed).
   */
  const versionOf = (o: Opening) => Math.max(o.version ?? 0, latest.current.version ?? 0) || null;
  const key = articleId ?? newArticleKey;

  // Every change a person makes counts, from the dialog's opening on (its reset is not a change).
  // Closing the dialog ('Cancelar', Escape, or leaving the panel) saves what was typed since the last
  // autosave, as autosave would have a moment later: an earlier autosave may have kept part of the same
  // text, and the rest must not be dropped while that part is kept (or sent when the connection returns).
  // The values are taken as the dialog closes: opened again, it shows another article or a blank one.
  // After 'Crear' / 'Actualizar' only what was typed while it saved is left to save.
  useEffect(() => {
    if (!isOpen) return;
    const current = newOpening();
    opening.current = current;
    setState({ kind: 'idle' });
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      const at = Date.now();
      current.changes = { first: current.changes?.first ?? at, last: at };
    });
    return () => {
      subscription.unsubscribe();
      current.closed = true;
      if (!current.changes) return;
      const closing = { values: form.getValues(), ...target(current), closing: true };
      // Closed while 'Crear' / 'Actualizar' saves this opening: that save holds the text, and if it fails,
      // `release` saves it as the dialog showed it.
      if (held.current?.opening === current) {
        current.closedWith = closing;
        return;
      }
      // An autosave under way may be making the article: this save then changes it, not a second one.
      track((current.inFlight ?? Promise.resolve()).then(() => save(current, { ...closing, articleId: closing.articleId ?? current.created }))).catch(() => {});
    };
    // save reads what it needs from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, form]);

  /** Whether a copy is this opening's own, or one it took up: a new article's copy of another opening is not. */
  const ownedBy = (o: Opening) => (writer: string | undefined) => writer === o.writer || o.adopted.has(writer);

  /** What the open dialog shows now. */
  const shown = (o: Opening): SaveOf => ({ values: form.getValues(), ...target(o), closing: false });

  function save(o: Opening, what?: SaveOf): Promise<void> {
    if ((held.current && !o.closed) || o.running || !o.changes) return Promise.resolve();
    o.inFlight = track(saveNow(o, what ?? shown(o)).finally(() => (o.inFlight = null)));
    return o.inFlight;
  }

  /** Saves what is still unsaved once a save under way has ended (that save took only what came before it). */
  async function saveRest(o: Opening): Promise<void> {
    await o.inFlight;
    await save(o);
  }

  async function saveNow(o: Opening, { values, articleId: id, status, closing }: SaveOf): Promise<void> {
    const pending = o.changes;
    if (!pending) return;
    o.running = true;
    o.changes = null;
    const startedAt = Date.now();
    const tell = (next: AutosaveState) => {
      if (!o.closed) setState(next);
    };
    const based = id ? versionOf(o) : null;
    const here = (kind: 'local' | 'offline' | 'live' | 'incomplete' | 'conflict', sendLater: boolean) =>
      localDrafts
        .put({ key: id ?? newArticleKey, articleId: id, values, savedAt: Date.now(), pending: sendLater, writer: o.writer, version: based })
        .then(() => {
          o.waiting = sendLater ? (id ?? newArticleKey) : null;
          // Kept to be sent: the queue tries again by itself, without waiting for a sign from the browser.
          if (sendLater) copyQueue().wake();
          tell({ kind, at: Date.now() });
        });
    try {
      if (id && status && status !== 'draft') return await here('live', false);
      // Someone else saved the article since this text's version: nothing more goes to the server (each
      // change would be refused again) until the dialog has settled it.
      if (id && latest.current.conflict && latest.current.articleId === id) return await here('conflict', false);
      // A closed dialog's last words while another opening's 'Crear' / 'Actualizar' saves: a draft sent now
      // could land after it and make a published article a draft again. Kept here, offered at the next opening.
      if (held.current) return await here('local', false);
      if (!newsArticleInput.safeParse(values).success) return await here('incomplete', false);
      if (typeof navigator !== 'undefined' && !navigator.onLine) return await here('offline', true);
      if (closing && o.waiting) {
        // A copy of this opening waits to be sent: the last words go with it, through the one queue that
        // sends copies (sent straight from here, the two could race, and a new article be made twice).
        await here('offline', true);
        if ((await sendPendingDrafts()) > 0) void queryClient.invalidateQueries({ queryKey: newsKeyPrefix });
        return;
      }
      tell({ kind: 'saving' });
      try {
        const saved = id
          ? await apiJson<NewsArticle>('PATCH', `/api/news/${id}`, draftBody(values, based))
          : await apiJson<NewsArticle>('POST', '/api/news', draftBody(values, null));
        o.version = saved.version;
        if (!id) {
          o.created = saved.id;
          if (!o.closed) latest.current.onCreated(saved);
        }
        // This opening's copies, and a new article's copy it took up (also once it has an article).
        await forgetSavedCopy(newArticleKey, startedAt, ownedBy(o));
        await forgetSavedCopy(saved.id, startedAt);
        o.waiting = null;
        tell({ kind: 'server', at: Date.now() });
        void queryClient.invalidateQueries({ queryKey: newsKeyPrefix });
        // The server answers again: other copies waiting for a try need not wait it out.
        copyQueue().serverAnswered();
      } catch (error) {
        if (gotNoAnswer(error)) return await here('offline', true);
        if (error instanceof ApiError && error.status === 409 && id) {
          await here('conflict', false);
          if (!o.closed) latest.current.onConflict();
          return;
        }
        await here('local', false);
        tell({ kind: 'failed', reason: error instanceof ApiError ? (error.serverMessage ?? null) : null });
      }
    } catch {
      // IndexedDB refused (private browsing): the form still holds the text; try again at the next change.
      o.changes = pending;
      tell({ kind: 'failed', reason: null });
    } finally {
      o.running = false;
    }
  }

  // The moment to save. It sets no state: a render of the whole dialog every second kept a tablet's
  // core busy while the dialog sat open; the autosave line keeps its own clock (AutosaveLine).
  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(() => {
      const at = Date.now();
      const o = opening.current;
      const pending = o.changes;
      if (pending && (at - pending.last >= quietMs || at - pending.first >= atMostMs)) void save(o);
    }, 1_000);
    return () => clearInterval(timer);
    // save reads what it needs from refs; the timer only follows the dialog's opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  // The copies kept here go to the server by themselves (copy-queue.ts): tried as the news tab opens,
  // then again and again while any waits. The open dialog's own copy is saved by its autosave, from the
  // form (which holds it, and anything typed since): that save learns the article it makes and goes on
  // updating it, where a copy sent behind its back would be made again at its next save. While 'Crear' /
  // 'Actualizar' saves, the queue waits: a copy of that article sent as a draft could land after it.
  useEffect(() => {
    const queue = copyQueue();
    queue.attach({
      holding: () => held.current !== null,
      async sendOwn() {
        const o = opening.current;
        const own = o.closed ? null : o.waiting;
        if (!own) return null;
        o.changes ??= { first: 0, last: 0 };
        await save(o);
        await o.inFlight;
        return { key: own, waiting: !o.closed && o.waiting !== null };
      },
      track: (run) => void track(run.then(() => {})).catch(() => {}),
    });
    void queue.run();
    return () => queue.attach(null);
    // save and track read what they need from refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    state,
    key,
    /** Saves now what is unsaved (before a preview); answers once done. */
    flush: () => saveRest(opening.current),
    /** The article's version the dialog's text is now based on, its own saves counted (null for a new article). */
    basedOn: () => versionOf(opening.current),
    /** Whether 'Crear' / 'Actualizar' holds autosave now (its buttons wait meanwhile). */
    holding,
    /**
     * Before 'Crear' / 'Actualizar': autosave stops, and every save already sent is waited for (a closed
     * dialog's last words too: a draft must not land after it). Answers the article on the server (one
     * autosave made meanwhile too, so it is updated, not made twice), taken as the dialog stood when asked,
     * and the hold's end: `release` if the save failed, `settled` once it is done. Refused while another
     * hold is under way.
     */
    async hold(): Promise<Hold> {
      if (held.current) throw new Error('Ya se está guardando esta noticia.');
      const o = opening.current;
      const shownId = latest.current.articleId;
      // What 'Crear' / 'Actualizar' saves: the fields stay editable while it does.
      const submitted = JSON.stringify(form.getValues());
      const token = { opening: o, at: Date.now() };
      held.current = token;
      setHolding(true);
      await Promise.all([...saving.current].map((save) => save.catch(() => {})));
      const end = () => {
        if (held.current !== token) return;
        held.current = null;
        setHolding(false);
      };
      return {
        articleId: shownId ?? o.created,
        version: (shownId ?? o.created) ? versionOf(o) : null,
        /** The save failed: autosave goes on (a dialog closed meanwhile saves what it showed). */
        release() {
          end();
          if (o.closed && o.closedWith) track(save(o, { ...o.closedWith, articleId: o.closedWith.articleId ?? o.created })).catch(() => {});
          afterHold();
        },
        /**
         * Saved: the copies kept here before it are forgotten. What was typed while it saved (in the open
         * dialog, or in what a dialog closed meanwhile showed) is then saved as autosave saves any change,
         * for the article as it now stands: kept here for a published one, until 'Actualizar'. A dialog
         * opened since is left as it is.
         */
        async settled(saved: SavedArticle): Promise<AfterSave> {
          const now = o.closed ? o.closedWith?.values : form.getValues();
          const typed = now !== undefined && JSON.stringify(now) !== submitted;
          o.changes = typed ? { first: Date.now(), last: Date.now() } : null;
          o.waiting = null;
          o.created ??= saved.id;
          o.version = saved.version;
          await Promise.all([forgetSavedCopy(saved.id, token.at), forgetSavedCopy(newArticleKey, token.at, ownedBy(o))]).catch(() => {});
          end();
          if (o.closed) {
            if (typed && o.closedWith) track(save(o, { ...o.closedWith, articleId: saved.id, status: saved.status })).catch(() => {});
            afterHold();
            return 'closed';
          }
          if (!typed) {
            afterHold();
            setState({ kind: 'idle' });
            return 'done';
          }
          o.saved = { id: saved.id, status: saved.status, version: saved.version };
          afterHold();
          setState({ kind: 'typedWhileSaving' });
          return 'typed';
        },
      };
    },
    /**
     * 'Recuperar cambios': the copy taken up is this opening's, forgotten once its text is saved; one that
     * waited to be sent is now sent by this dialog's autosave (sent apart, it would make a second article).
     */
    adopt(copy: LocalDraft) {
      const o = opening.current;
      o.adopted.add(copy.writer);
      if (copy.pending) o.waiting = copy.key;
    },
  };
}
