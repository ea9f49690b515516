// /en/advance-form's screen: the public advance form for international clients, in English from its
// title to its confirmation (texts.en.ts, loaded with this screen only). The answers are stored as on
// the Spanish form, with the same option values, and the record says it came from the English page.
// Rendered on the server; its code loads when the visitor first reaches for the form (EnglishAdvanceFormPage.tsx).
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { ProvideTexts } from '../../i18n/texts';
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { buttonClass } from '../../ui/button-styles';
import { withLocale } from '../../ui/Locale';
import { DraftedAdvanceForm } from './DraftedAdvanceForm';
import { QueueStatus } from './QueueStatus';
import { advanceFormTextsEn as t } from './texts.en';

const englishTexts = { advanceForm: t };

function EnglishAdvanceFormScreen() {
  usePageHead(t.head(useSite()));
  return (
    <ProvideTexts texts={englishTexts}>
      <div className="bg-slate-50">
        <div className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
          <Link href="/en" className={buttonClass('ghost', 'sm', '-ml-2 mb-4')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.backToHome}
          </Link>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.publicTitle}</h1>
          <p className="mt-2 mb-6 max-w-2xl text-slate-600">{t.publicIntro}</p>
          <QueueStatus mode="public" ownerId={null} />
          <DraftedAdvanceForm mode="public" language="en" />
        </div>
      </div>
    </ProvideTexts>
  );
}

export default withLocale(EnglishAdvanceFormScreen);
