// /admin/avanzadas/{id}: one form as staff read it, with 'Descargar PDF' (a new tab), its history (every
// version sent) and, for admins, 'Eliminar' after a confirmation. A device clock that was off is pointed
// out beside the device's time. Signed-out visitors are sent to the login by RequireStaff.
import { useState } from 'react';
import { ArrowLeft, Clock, FileDown, Trash2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { deviceClockNote, formatDateTime, siteLanguageLabel } from '../../../../domain';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/lazy-page';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-styles';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import { HistoryAction } from '../history/HistoryAction';
import { RequireStaff, useSession } from '../session';
import { AnswerSections } from './AnswerSections';
import { openAdvanceFormPdf, useAdvanceForm, useDeleteAdvanceForm } from './api';
import { detailTexts as t } from './texts';

const dashboardPath = '/admin/dashboard';

export default function AdvanceFormDetailPage({ params }: PageProps) {
  return (
    <RequireStaff>
      <div className="min-h-screen bg-slate-50">
        <main className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
          <Link href={dashboardPath} className={buttonClass('ghost', 'sm', '-ml-2 mb-4')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.backToDashboard}
          </Link>
          <Detail id={params.id} />
        </main>
      </div>
    </RequireStaff>
  );
}

function Detail({ id }: { id: string }) {
  const query = useAdvanceForm(id);
  const { isAdmin } = useSession();
  const [, navigate] = useLocation();
  const remove = useDeleteAdvanceForm();
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
        <Spinner className="size-5 text-accent-700" />
        {t.loading}
      </p>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (!query.data || missing) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-lg font-semibold text-slate-800">{missing || !query.error ? t.notFound : t.loadError}</p>
        {query.error && !missing && (
          <Button variant="outline" size="sm" onPress={() => void query.refetch()}>
            {t.retry}
          </Button>
        )}
      </div>
    );
  }

  const form = query.data;
  const clockNote = deviceClockNote(form.deviceClockSkewMs);
  async function openPdf() {
    setOpening(true);
    try {
      await openAdvanceFormPdf(form.id);
    } catch (error) {
      toast({ title: t.pdfError, description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined, variant: 'destructive' });
    } finally {
      setOpening(false);
    }
  }
  function erase() {
    remove.mutate(form.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t.deleted });
        navigate(dashboardPath);
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: t.deleteError, description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined, variant: 'destructive' });
      },
    });
  }

  return (
    <>
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{form.hostName}</h1>
          <p className="mt-1 text-slate-600">{t.title}</p>
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={form.createdAt}>{t.createdAt(formatDateTime(form.createdAt))}</time>
            {' · '}
            {form.submittedBy ? t.submittedBy : t.submittedPublic}
          </p>
          {form.language && form.language !== 'es' && <p className="mt-1 text-sm font-medium text-slate-700">{t.language(siteLanguageLabel[form.language])}</p>}
          {form.updatedAt !== form.createdAt && (
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={form.updatedAt}>{t.correctedAt(formatDateTime(form.updatedAt))}</time>
            </p>
          )}
          {form.completedOnSiteAt && (
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={form.completedOnSiteAt}>{t.completedOnSite(formatDateTime(form.completedOnSiteAt))}</time>
            </p>
          )}
          {clockNote && (
            <p className="mt-2 flex max-w-prose items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-medium">{clockNote}.</span> {t.deviceClockHint}
              </span>
            </p>
          )}
        </div>
        {/* At most two buttons wide: a third wraps instead of narrowing the dates beside them. */}
        <div className="flex flex-wrap gap-2 sm:max-w-[18.5rem]">
          <Button variant="dark" onPress={() => void openPdf()} isPending={opening}>
            {!opening && <FileDown className="size-4" aria-hidden="true" />}
            {t.downloadPdf}
          </Button>
          <HistoryAction recordId={form.id} recordName={form.hostName} />
          {isAdmin && (
            <Button variant="destructive" onPress={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t.delete}
            </Button>
          )}
        </div>
      </header>
      <AnswerSections form={form} />
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t.deleteTitle}
        message={t.confirmDelete}
        confirmLabel={t.delete}
        onConfirm={erase}
        isPending={remove.isPending}
      />
    </>
  );
}
