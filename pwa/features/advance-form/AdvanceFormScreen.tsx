// The page around the form: the back link (to the dashboard for staff, to the home page for
// visitors), the title and a short introduction.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '../../ui/button-styles';
import { dashboardPath, type AdvanceFormProps } from './AdvanceForm';
import { DraftedAdvanceForm } from './DraftedAdvanceForm';
import { QueueStatus } from './QueueStatus';
import { advanceFormTexts as t } from './texts';

export function AdvanceFormScreen(props: AdvanceFormProps & { ownerId?: string | null }) {
  const admin = props.mode === 'admin';
  // The public layout already has the page's <main>; the bare admin screen has none of its own.
  const Main = admin ? 'main' : 'div';
  return (
    <div className={admin ? 'min-h-screen bg-slate-50' : 'bg-slate-50'}>
      <Main className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
        <Link href={admin ? dashboardPath : '/'} className={buttonClass('ghost', 'sm', '-ml-2 mb-4')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {admin ? t.backToDashboard : t.backToHome}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{admin ? t.adminTitle : t.publicTitle}</h1>
        <p className="mt-2 mb-6 max-w-2xl text-slate-600">{admin ? t.adminIntro : t.publicIntro}</p>
        <QueueStatus mode={props.mode} ownerId={admin ? (props.ownerId ?? null) : null} />
        {/* The form with its offline draft (autosave, 'Continuar borrador', queued send). */}
        <DraftedAdvanceForm {...props} />
      </Main>
    </div>
  );
}
