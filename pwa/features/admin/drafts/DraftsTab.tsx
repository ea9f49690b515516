// 'Borradores': the advance forms this staff member wrote on this device, with their state (Borrador,
// Pendiente de envío, Enviado, Error with the server's message): resume, send now, PDF, delete.
// They come from IndexedDB, not the server, so the tab works the same with no signal. A sent draft
// keeps only a summary (its photos left the device once the server had them); the storage the app
// uses on the device, and what is free, is shown under the title.
import { useEffect, useState } from 'react';
import { Download, Pencil, Send, Trash2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { formatCalendarDay, formatDateTime, isValidCalendarDay } from '../../../../domain';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-styles';
import { toast } from '../../../ui/toast';
import { useSite } from '../../../lib/site';
import { deleteDraft, getDraft, type DraftState, type DraftSummary } from '../../../offline/drafts';
import { retryQueueNow, startDraftSync } from '../../../offline/sync';
import { draftContents } from '../../../offline/sync-rules';
import { draftStateLabels, offlineTexts } from '../../../offline/texts';
import { ConfirmAction } from '../common/ConfirmAction';
import { Detail, RecordCard } from '../common/RecordCard';
import { ListState, SectionHeader } from '../common/states';
import { resumeDraftPath, useMyDrafts } from './use-my-drafts';
import { draftsTexts as t } from './texts';

const stateBadge: Record<DraftState, BadgeVariant> = { draft: 'default', pending: 'warning', sent: 'success', error: 'danger' };

/** 'Espacio usado ... libre ...', or null where the browser cannot tell. */
function useStorageLine(drafts: DraftSummary[] | null): string | null {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    if (!navigator.storage?.estimate) return;
    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    navigator.storage.estimate().then(
      ({ usage = 0, quota = 0 }) => setLine(offlineTexts.storageUse(mb(usage), mb(Math.max(0, quota - usage)))),
      () => setLine(null),
    );
  }, [drafts]);
  return line;
}

const loadPdfModule = () => import('./draft-pdf');

export function DraftsTab() {
  const { drafts, error, reload } = useMyDrafts();
  const storage = useStorageLine(drafts);
  // jsPDF is large and loads apart, but it must be on the device before the signal goes.
  useEffect(() => void loadPdfModule().catch(() => undefined), []);
  return (
    <section aria-labelledby="drafts-title">
      <SectionHeader id="drafts-title" title={t.title} subtitle={t.subtitle} />
      {storage && <p className="-mt-2 mb-4 text-sm text-slate-600">{storage}</p>}
      <ListState
        isPending={drafts === null && !error}
        error={error}
        errorText={t.loadError}
        isEmpty={drafts?.length === 0}
        emptyText={t.empty}
        onRetry={reload}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {drafts?.map((draft) => (
            <DraftCard key={draft.id} draft={draft} />
          ))}
        </div>
      </ListState>
    </section>
  );
}

function DraftCard({ draft }: { draft: DraftSummary }) {
  const { siteName } = useSite();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<'pdf' | 'send' | null>(null);
  const title = draft.values.hostName?.trim() || t.untitled;
  const day = typeof draft.values.eventDate === 'string' && isValidCalendarDay(draft.values.eventDate) ? formatCalendarDay(draft.values.eventDate) : '—';
  const photoCount = draft.sentPhotos?.count ?? Object.keys(draft.photos).length;
  const lost = draftContents(draft);

  const pdf = async () => {
    setBusy('pdf');
    try {
      const { downloadDraftPdf } = await loadPdfModule();
      // The list holds no photo bytes: the whole draft is opened for its PDF.
      const whole = await getDraft(draft.id);
      if (!whole) throw new Error('borrador ilegible');
      await downloadDraftPdf(whole, siteName);
    } catch (e) {
      console.error(e);
      toast({ title: t.pdfError, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  // At once, and the queue's backoff starts over (it keeps trying by itself afterwards if this fails).
  const sendNow = async () => {
    setBusy('send');
    startDraftSync({ runNow: false });
    await retryQueueNow().finally(() => setBusy(null));
  };
  const remove = async () => {
    await deleteDraft(draft.id);
    toast({ title: t.deleted });
  };

  return (
    <RecordCard
      label={title}
      title={title}
      badges={<Badge variant={stateBadge[draft.state]}>{draftStateLabels[draft.state]}</Badge>}
      actions={
        <>
          {draft.state === 'sent' && draft.formId ? (
            <Link href={`/admin/avanzadas/${draft.formId}`} className={buttonClass('outline', 'sm')}>
              {t.viewSent}
            </Link>
          ) : (
            <Button variant="outline" size="sm" onPress={() => navigate(resumeDraftPath(draft))}>
              <Pencil className="size-4" aria-hidden="true" />
              {t.resume}
            </Button>
          )}
          {draft.state === 'pending' && (
            <Button variant="outline" size="sm" onPress={() => void sendNow()} isPending={busy === 'send'}>
              {busy !== 'send' && <Send className="size-4" aria-hidden="true" />}
              {t.sendNow}
            </Button>
          )}
          <Button variant="outline" size="sm" onPress={() => void pdf()} isPending={busy === 'pdf'}>
            {busy !== 'pdf' && <Download className="size-4" aria-hidden="true" />}
            {t.downloadPdf}
          </Button>
          <ConfirmAction
            icon={Trash2}
            label={t.delete}
            danger
            title={t.confirmTitle}
            message={t.confirmDelete(offlineTexts.lostContents(lost.answers, lost.photos))}
            onConfirm={remove}
          />
        </>
      }
    >
      {draft.state === 'error' && draft.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-medium">{t.errorPrefix}:</span> {draft.error}
        </p>
      )}
      <Detail label={t.eventDate}>{day}</Detail>
      <Detail label={t.photos}>{t.photoCount(photoCount)}</Detail>
      <Detail label={t.updated}>{formatDateTime(draft.updatedAt)}</Detail>
    </RecordCard>
  );
}
