// The screen of any unknown path (the server answers it with status 404).
import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import { usePageHead } from '../../lib/head';
import { useProvidedTexts } from '../../i18n/texts';
import { useSite } from '../../lib/site';

export function NotFoundPage() {
  const notFoundTexts = useProvidedTexts('notFound');
  usePageHead(notFoundTexts.head(useSite()));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <AlertTriangle className="size-14 text-amber-500" aria-hidden="true" />
      {/* English in both editions (docs/rules.md, 'Required wording'): read as English. */}
      <h1 lang="en" className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">
        {notFoundTexts.title}
      </h1>
      <p className="mt-4 text-slate-600">{notFoundTexts.hint}</p>
      <Link href={notFoundTexts.homePath} className="mt-8 inline-flex items-center rounded-md bg-navy-900 px-5 py-3 font-semibold text-white hover:bg-navy-700">
        {notFoundTexts.backHome}
      </Link>
    </section>
  );
}
