// The advance form with its offline draft: reopening the screen offers to continue the last draft
// ('Continuar borrador' / 'Descartar', which asks first and says what is lost); '?borrador={id}' (the
// drafts tab's 'Reanudar') opens that one, a queued one included, to correct it. A draft the server
// already has is shown read-only. Everything typed or photographed is in IndexedDB within 300 ms
// (pwa/offline/use-advance-form-draft.ts). The editor holds the draft's lock, so the queue never sends it mid-edit.
// Drafts are sealed on the device: a staff member whose key is not here (past its time offline) is
// told to sign in again with a connection, rather than typing into a form that cannot be saved.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { newAdvanceFormDefaults } from '../../../domain';
import { Button } from '../../ui/Button';
import { buttonClass } from '../../ui/button-styles';
import { toast } from '../../ui/toast';
import { AdvanceForm, type AdvanceFormProps } from './AdvanceForm';
import { deleteDraft, getDraft, latestOpenDraft, newDraft, type Draft, type DraftSummary, type DraftVariant } from '../../offline/drafts';
import { keyRecord, usableKey } from '../../offline/draft-keys';
import { refreshDraftKeys } from '../../offline/draft-key-sync';
import { offlineTexts } from '../../offline/texts';
import { holdDraftLock, type DraftLock } from '../../offline/draft-lock';
import { draftContents, refusalReason, refusedPhoto } from '../../offline/sync-rules';
import { resumeDraftParam } from '../../offline/draft-types';
import { draftOnScreenAtom } from '../../offline/queue-state';
import { useAdvanceFormDraft } from '../../offline/use-advance-form-draft';
import { useTexts } from '../../i18n/texts';
import { useQueryParam } from '../../lib/query-string';
import { photoLabel } from './QueueStatus';
import { advanceFormTexts } from './texts';

// react-aria's dialog comes with the first 'Descartar': most visitors never see it.
const ConfirmDialog = lazy(() => import('../../ui/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

/** The draft's words in the page's language. */
const useDraftTexts = () => useTexts('advanceForm', advanceFormTexts).drafts;

/** ownerId: the signed-in staff member on the admin screen (given by it, so visitors load no admin code). */
export function DraftedAdvanceForm({ ownerId = null, ...props }: AdvanceFormProps & { ownerId?: string | null }) {
  return <DraftChooser {...props} ownerId={props.mode === 'admin' ? ownerId : null} />;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'busy' }
  | { kind: 'locked' }
  | { kind: 'offer'; draft: DraftSummary }
  | { kind: 'sent'; draft: SentDraftView }
  | { kind: 'editing'; draft: Draft; lock: DraftLock };

function DraftChooser({ ownerId, ...props }: AdvanceFormProps & { ownerId: string | null }) {
  const variant: DraftVariant = props.mode;
  const resumeId = useQueryParam(resumeDraftParam);
  // A visitor's form is on screen from the first paint (the server renders it): a new draft, kept
  // unless the device holds an open one to offer; its lock is taken once the device has been asked.
  const [shown] = useState(() =>
    variant === 'public' && !resumeId ? { draft: newDraft(variant, ownerId, newAdvanceFormDefaults()), lock: lockTakenLater() } : null,
  );
  const [phase, setPhase] = useState<Phase>(() => (shown ? { kind: 'editing', draft: shown.draft, lock: shown.lock } : { kind: 'loading' }));
  const t = useDraftTexts();

  useEffect(() => {
    let cancelled = false;
    let lock: DraftLock | null = null;
    const fresh = () => newDraft(variant, ownerId, newAdvanceFormDefaults());
    /** Editing a stored draft waits for its lock (a send under way finishes first), then reads it again. */
    const edit = async (draft: Draft): Promise<Phase> => {
      lock = holdDraftLock(draft.id);
      const slow = setTimeout(() => !cancelled && setPhase({ kind: 'busy' }), 300);
      await lock.granted;
      clearTimeout(slow);
      const current = (await getDraft(draft.id)) ?? draft;
      if (current.state === 'sent') {
        lock.release();
        return { kind: 'sent', draft: current };
      }
      return { kind: 'editing', draft: current, lock };
    };
    /** The form already on screen stays, with its lock now (a new id: granted at once). */
    const keepShown = async (kept: NonNullable<typeof shown>): Promise<null> => {
      lock = holdDraftLock(kept.draft.id);
      await lock.granted;
      kept.lock.take(lock);
      return null;
    };
    const choose = async (): Promise<Phase | null> => {
      try {
        if (variant === 'admin' && ownerId && !(await staffKeyReady(ownerId))) return { kind: 'locked' };
        if (resumeId) {
          const draft = await getDraft(resumeId);
          if (draft && draft.variant === variant) return draft.state === 'sent' ? { kind: 'sent', draft } : edit(draft);
        }
        const open = await latestOpenDraft(variant, ownerId);
        // The form shown is the one the visitor may already have started: it is theirs, not an offer.
        if (shown && (!open || open.id === shown.draft.id)) return keepShown(shown);
        return open ? { kind: 'offer', draft: open } : edit(fresh());
      } catch {
        // No IndexedDB (a private window of some browsers): the form still works, without drafts.
        if (shown) return null;
        return { kind: 'editing', draft: fresh(), lock: { granted: Promise.resolve(), release: () => undefined } };
      }
    };
    void choose().then((next) => {
      if (cancelled) lock?.release();
      else if (next) setPhase(next);
    });
    return () => {
      cancelled = true;
    };
  }, [resumeId, variant, ownerId, shown]);

  // A lock granted after the screen is gone is let go at once, or the queue would skip the draft.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const continueWith = (offered: DraftSummary) => {
    const lock = holdDraftLock(offered.id);
    // Held elsewhere (another tab has it open, or a send is under way): the screen says it waits,
    // rather than leaving a button that seems to do nothing.
    const slow = setTimeout(() => mounted.current && setPhase({ kind: 'busy' }), 300);
    // The offer listed it without its photos' bytes: opened whole now.
    void lock.granted
      .then(() => getDraft(offered.id))
      .then((draft) => {
        clearTimeout(slow);
        if (!mounted.current || !draft) return lock.release();
        // Sent by whoever held it meanwhile: nothing left to change here.
        if (draft.state === 'sent') {
          lock.release();
          return setPhase({ kind: 'sent', draft });
        }
        // A refused draft stays refused while it is corrected: its reason is on screen until it is saved again.
        setPhase({ kind: 'editing', draft, lock });
      });
  };
  const startFresh = () => {
    const draft = newDraft(variant, ownerId, newAdvanceFormDefaults());
    setPhase({ kind: 'editing', draft, lock: holdDraftLock(draft.id) });
  };

  // The draft in front of the user (edited, or offered): the status above offers to open the others.
  const onScreenId = phase.kind === 'editing' || phase.kind === 'offer' ? phase.draft.id : null;
  const setOnScreen = useSetAtom(draftOnScreenAtom);
  useEffect(() => {
    setOnScreen(onScreenId);
    return () => setOnScreen(null);
  }, [onScreenId, setOnScreen]);

  if (phase.kind === 'loading') return null;
  if (phase.kind === 'busy')
    return (
      <p role="status" className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
        {t.busy}
      </p>
    );
  if (phase.kind === 'locked')
    return (
      <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {offlineTexts.draftsLocked}
      </p>
    );
  if (phase.kind === 'sent') return <SentDraft draft={phase.draft} />;
  if (phase.kind === 'offer') return <DraftOffer draft={phase.draft} onContinue={continueWith} onDiscarded={startFresh} />;
  return <EditingDraft key={phase.draft.id} {...props} draft={phase.draft} lock={phase.lock} ownerId={ownerId} />;
}

/**
 * A staff member's key is here, or was brought back by the server; a device that never had one (it
 * signed in before drafts were sealed) may still write until the server gives it one.
 */
async function staffKeyReady(ownerId: string): Promise<boolean> {
  if (await usableKey(ownerId)) return true;
  await refreshDraftKeys({ always: true });
  if (await usableKey(ownerId)) return true;
  return !(await keyRecord(ownerId));
}

function DraftOffer({ draft, onContinue, onDiscarded }: { draft: DraftSummary; onContinue: (draft: DraftSummary) => void; onDiscarded: () => void }) {
  const texts = useTexts('advanceForm', advanceFormTexts);
  const t = texts.drafts;
  const [confirming, setConfirming] = useState(false);
  const { answers, photos } = draftContents(draft);
  // Refused by the server: the offer says why before anything is opened (the status above announces it).
  const refused = draft.state === 'error';
  const photo = refused ? refusedPhoto(draft) : null;
  const title = refused ? t.refusedTitle : t.found;
  const discard = async () => {
    await deleteDraft(draft.id);
    setConfirming(false);
    toast({ title: t.discarded });
    onDiscarded();
  };
  return (
    <section
      role="region"
      aria-label={title}
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-6 ${refused ? 'border-red-300' : 'border-accent-500/40'}`}
    >
      <h2 className="text-lg font-bold text-navy-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {draft.values.hostName ? `${draft.values.hostName}. ` : ''}
        {t.foundHint(draft.updatedAt)}
      </p>
      {refused && (
        <p className="mt-2 text-sm text-red-900">
          {texts.status.refusedForm('', refusalReason(draft.error ?? ''))}
          {photo && ` ${texts.status.refusedPhoto(photoLabel(texts, photo))}`} {texts.status.refusedAction}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onPress={() => onContinue(draft)}>{t.continue}</Button>
        <Button variant="outline" onPress={() => setConfirming(true)}>
          {t.discard}
        </Button>
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={setConfirming}
            title={t.discardTitle}
            message={t.discardConfirm(answers, photos)}
            confirmLabel={t.discard}
            cancelLabel={t.keep}
            onConfirm={() => void discard()}
          />
        </Suspense>
      )}
    </section>
  );
}

type SentDraftView = Pick<Draft, 'values' | 'variant' | 'formId'>;

/** A draft the server confirmed: nothing to change here any more, and the screen says so. */
function SentDraft({ draft }: { draft: SentDraftView }) {
  const t = useDraftTexts();
  return (
    <section role="region" aria-label={t.sentReadOnly} className="rounded-xl border border-emerald-300 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-navy-900">{t.sentReadOnly}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {draft.values.hostName ? `${draft.values.hostName}. ` : ''}
        {t.sentReadOnlyHint}
      </p>
      {draft.variant === 'admin' && draft.formId && (
        <Link href={`/admin/avanzadas/${draft.formId}`} className={buttonClass('outline', 'sm', 'mt-4')}>
          {t.viewSent}
        </Link>
      )}
    </section>
  );
}

function EditingDraft({ draft, lock, ownerId, ...props }: AdvanceFormProps & { draft: Draft; lock: DraftLock; ownerId: string | null }) {
  const texts = useDraftTexts().queue;
  const { onValuesChange, onPhotoChange, submit, uploadPhoto } = useAdvanceFormDraft({ variant: props.mode, ownerId, draft, lock, texts });
  const initialPhotos = Object.fromEntries(Object.entries(draft.photos).map(([field, photo]) => [field, photo.blob]));
  return (
    <AdvanceForm
      {...props}
      initialValues={{ ...newAdvanceFormDefaults(), ...draft.values }}
      initialPhotos={initialPhotos}
      onValuesChange={onValuesChange}
      onPhotoChange={onPhotoChange}
      submit={submit}
      draftId={draft.id}
      uploadPhoto={uploadPhoto}
    />
  );
}

/** A draft's lock handed over after the form is on screen: releasing it first lets go of the one handed over later. */
function lockTakenLater(): DraftLock & { take: (lock: DraftLock) => void } {
  let held: DraftLock | null = null;
  let released = false;
  let grant!: () => void;
  const granted = new Promise<void>((resolve) => (grant = resolve));
  return {
    granted,
    release() {
      released = true;
      held?.release();
    },
    take(lock) {
      held = lock;
      if (released) lock.release();
      grant();
    },
  };
}
