// Every answer of a form, grouped by the six sections, read the same way as in the PDF (the domain's
// sectionAnswers): Sí/No, details only under a switch that is on, the first-aid level in brackets,
// and photos as images loaded with the staff session.
import { advanceFormSections, type AdvanceForm } from '../../../../domain';
import { sectionAnswers, type Answer } from '../../../../domain/pdf/answers';
import { detailTexts as t } from './texts';

export function AnswerSections({ form }: { form: AdvanceForm }) {
  return (
    <div className="flex flex-col gap-6">
      {advanceFormSections.map((section) => (
        <section
          key={section.number}
          aria-labelledby={`detail-section-${section.number}`}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id={`detail-section-${section.number}`} className="mb-3 text-lg font-bold text-navy-900 sm:text-xl">
            {t.sectionHeading(section.number, section.title)}
          </h2>
          <dl className="divide-y divide-slate-100">
            {sectionAnswers(section, form).map((answer) => (
              <AnswerRow key={answer.kind === 'photo' ? answer.field : answer.label} answer={answer} />
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function AnswerRow({ answer }: { answer: Answer }) {
  const indent = answer.detail ? 'pl-4 border-l-4 border-accent-400/60' : '';
  return (
    <div className={`grid gap-1 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4 ${indent}`}>
      <dt className="text-sm font-semibold text-slate-600">{answer.label}</dt>
      <dd className="text-slate-900 break-words whitespace-pre-line">
        {answer.kind === 'text' ? (
          answer.value
        ) : answer.link ? (
          <a href={answer.link} target="_blank" rel="noopener" className="inline-block">
            <img
              src={answer.link}
              alt={t.photoAlt(answer.label)}
              loading="lazy"
              className="max-h-72 w-full max-w-md rounded-lg border border-slate-200 object-contain"
            />
          </a>
        ) : (
          <span className="text-slate-500">{t.noPhoto}</span>
        )}
      </dd>
    </div>
  );
}
