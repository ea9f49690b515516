// The advance form with its offline draft: reopening the screen offers to continue the last draft
// ('Continuar borrador' / 'Descartar'); '?borrador={id}' (the drafts tab's 'Reanudar') opens that one.
// Everything typed or photographed is in IndexedDB within a second (pwa/offline/use-advance-form-draft.ts).
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { formatDateTime, newAdvanceFormDefaults } from '../../../domain';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { AdvanceForm, type AdvanceFormProps } from './AdvanceForm';
import { useSession } from '../admin/session';
import { deleteDraft, getDraft, latestOpenDraft, newDraft, type Draft, type DraftVariant } from '../../offline/drafts';
import { useAdvanceFormDraft } from '../../offline/use-advance-form-draft';
import { offlineTexts as t } from '../../offline/texts';

export const resumeParam = 'borrador';

export function DraftedAdvanceForm(props: AdvanceFormProps) {
  return props.mode === 'admin' ? <AdminDraftedForm {...props} /> : <DraftChooser {...props} ownerId={null} />;
}

// The admin screen sits inside RequireStaff: the session is known when this renders.
function AdminDraftedForm(props: AdvanceFormProps) {
  const { user } = useSession();
  return <DraftChooser {...props} ownerId={user?.id ?? null} />;
}

type Phase = { kind: 'loading' } | { kind: 'offer'; draft: Draft } | { kind: 'editing'; draft: Draft };

function DraftChooser({ ownerId, ...props }: AdvanceFormProps & { ownerId: string | null }) {
  const variant: DraftVariant = props.mode;
  const resumeId = new URLSearchParams(useSearch()).get(resumeParam);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const fresh = () => newDraft(variant, ownerId, newAdvanceFormDefaults());
    const choose = async (): Promise<Phase> => {
      try {
        if (resumeId) {
          const draft = await getDraft(resumeId);
          if (draft && draft.variant === variant && draft.state !== 'sent') return { kind: 'editing', draft };
        }
        const open = await latestOpenDraft(variant, ownerId);
        return open ? { kind: 'offer', draft: open } : { kind: 'editing', draft: fresh() };
      } catch {
        // No IndexedDB (a private window of some browsers): the form still works, without drafts.
        return { kind: 'editing', draft: fresh() };
      }
    };
    void choose().then((next) => !cancelled && setPhase(next));
    return () => {
      cancelled = true;
    };
  }, [resumeId, variant, ownerId]);

  if (phase.kind === 'loading') return null;
  if (phase.kind === 'offer') {
    const { draft } = phase;
    const discard = async () => {
      await deleteDraft(draft.id);
      toast({ title: t.draftDiscarded });
      setPhase({ kind: 'editing', draft: newDraft(variant, ownerId, newAdvanceFormDefaults()) });
    };
    return (
      <section role="region" aria-label={t.draftFound} className="rounded-xl border border-accent-500/40 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-bold text-navy-900">{t.draftFound}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {draft.values.hostName ? `${draft.values.hostName}. ` : ''}
          {t.draftFoundHint(formatDateTime(draft.updatedAt))}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onPress={() => setPhase({ kind: 'editing', draft: { ...draft, state: 'draft' } })}>{t.continueDraft}</Button>
          <Button variant="outline" onPress={() => void discard()}>
            {t.discardDraft}
          </Button>
        </div>
      </section>
    );
  }
  return <EditingDraft key={phase.draft.id} {...props} draft={phase.draft} ownerId={ownerId} />;
}

function EditingDraft({ draft, ownerId, ...props }: AdvanceFormProps & { draft: Draft; ownerId: string | null }) {
  const { onValuesChange, onPhotoChange, submit } = useAdvanceFormDraft({ variant: props.mode, ownerId, draft });
  const initialPhotos = Object.fromEntries(Object.entries(draft.photos).map(([field, photo]) => [field, photo.blob]));
  return (
    <AdvanceForm
      {...props}
      initialValues={{ ...newAdvanceFormDefaults(), ...draft.values }}
      initialPhotos={initialPhotos}
      onValuesChange={onValuesChange}
      onPhotoChange={onPhotoChange}
      submit={submit}
    />
  );
}
