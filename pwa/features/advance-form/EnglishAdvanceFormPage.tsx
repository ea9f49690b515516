// /en/advance-form: the public advance form for international clients. The page around it is in
// English; the questions are the Spanish form's (its PDF is Spanish too), and the form records that
// it was sent from the English page.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '../../ui/button-styles';
import { DraftedAdvanceForm } from './DraftedAdvanceForm';

const texts = {
  back: 'Back to Home',
  title: 'VIP Advance Form',
  intro:
    'Tell us about your event so our team can plan its security. Fields marked with * are required, and everything you share is handled in strict confidence.',
  spanishNote: 'The questions below are in Spanish, as is the report we prepare from them. You are welcome to answer in English.',
};

export default function EnglishAdvanceFormPage() {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
        <Link href="/en" className={buttonClass('ghost', 'sm', '-ml-2 mb-4')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {texts.back}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.title}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{texts.intro}</p>
        <p className="mt-3 mb-6 max-w-2xl rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">{texts.spanishNote}</p>
        <div lang="es">
          <DraftedAdvanceForm mode="public" language="en" />
        </div>
      </div>
    </div>
  );
}
