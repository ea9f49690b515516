// 'Versiones': the article's versions from the log (who, when, which title), a word-by-word comparison
// of the chosen one with the text in the dialog, side by side, and 'Restaurar esta versión'.
import { useState } from 'react';
import { diffWords } from 'diff';
import { History } from 'lucide-react';
import { articleTextFields, type ArticleTextField, type NewsArticle, type NewsArticleFormValues } from '../../../../domain';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { useRestoreRevision, useRevisionText, useRevisions } from './api';
import { revisionTexts as t } from './texts';

/** The words of some HTML, one block per line: what a person compares. */
function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, '$&\n'), 'text/html').body;
  return (body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

type Side = { text: string; changed: boolean }[];

/** The two sides of a word-level difference: what the version had (removed marked) and what is there now (added marked). */
function sides(before: string, after: string): { left: Side; right: Side } {
  const left: Side = [];
  const right: Side = [];
  for (const part of diffWords(before, after)) {
    if (!part.added) left.push({ text: part.value, changed: Boolean(part.removed) });
    if (!part.removed) right.push({ text: part.value, changed: Boolean(part.added) });
  }
  return { left, right };
}

function SideText({ side, mark }: { side: Side; mark: 'del' | 'ins' }) {
  const Mark = mark;
  const style = mark === 'del' ? 'bg-red-100 text-red-900 line-through decoration-red-700' : 'bg-emerald-100 text-emerald-900 underline decoration-emerald-700';
  return (
    <p className="text-sm whitespace-pre-wrap text-slate-800">
      {side.map((part, i) =>
        part.changed ? (
          <Mark key={i} className={`rounded-sm ${style}`} title={mark === 'del' ? t.removed : t.added}>
            {part.text}
          </Mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

type Props = {
  articleId: string;
  current: NewsArticleFormValues;
  /** The dialog has changes not saved yet (saved first, as autosave would, then replaced by the restored text). */
  unsaved: boolean;
  /** The article's version the dialog's text is based on, asked as 'Restaurar' is pressed: the restore names it. */
  basedOn: () => Promise<number | null>;
  /** Someone else saved the article since that version: nothing was restored. */
  onRefused: () => void;
  onRestored: (article: NewsArticle) => void;
};

export default function RevisionsPanel({ articleId, current, unsaved, basedOn, onRefused, onRestored }: Props) {
  const revisions = useRevisions(articleId);
  const [selected, setSelected] = useState<number | null>(null);
  const version = useRevisionText(articleId, selected);
  const restore = useRestoreRevision();
  // From the press on (the dialog's text is saved first), so a second press does not restore twice.
  const [restoring, setRestoring] = useState(false);

  if (revisions.isPending) return <p className="text-sm text-slate-600">…</p>;
  if (revisions.isError) return <p className="text-sm font-medium text-red-700">{t.loadError}</p>;
  if (revisions.data.length === 0) return <p className="text-sm text-slate-600">{t.empty}</p>;

  const differing: { field: ArticleTextField; left: Side; right: Side }[] = [];
  if (version.data) {
    for (const field of articleTextFields) {
      const before = plainText(version.data[field]);
      const after = plainText(current[field] as string | null | undefined);
      if (before !== after) differing.push({ field, ...sides(before, after) });
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">{t.hint}</p>
      <ol className="grid gap-1" aria-label={t.title}>
        {revisions.data.map((revision) => (
          <li
            key={revision.version}
            className={`flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 ${selected === revision.version ? 'border-accent-500 bg-accent-400/10' : 'border-slate-200'}`}
          >
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">
                {t.version(revision.version)}
                {revision.restoredFrom !== null && <span className="font-normal text-slate-600"> · {t.restoredFrom(revision.restoredFrom)}</span>}
              </p>
              <p className="text-xs text-slate-600">{t.meta(revision.at, revision.by)}</p>
              <p className="truncate text-sm text-slate-800">{revision.title}</p>
            </div>
            <Button size="sm" variant="outline" onPress={() => setSelected(revision.version)} aria-pressed={selected === revision.version}>
              {selected === revision.version ? t.selected : t.compare}
              <span className="sr-only"> {t.version(revision.version)}</span>
            </Button>
          </li>
        ))}
      </ol>
      {selected !== null && version.data && (
        <section aria-label={`${t.version(selected)} / ${t.current}`} className="grid gap-3 rounded-md border border-slate-200 p-3">
          {differing.length === 0 && <p className="text-sm text-slate-600">{t.unchanged}</p>}
          {differing.map(({ field, left, right }) => (
            <div key={field} className="grid gap-1">
              <h4 className="text-sm font-semibold text-slate-900">{t.fields[field]}</h4>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="rounded-md bg-slate-50 p-2">
                  <p className="mb-1 text-xs font-semibold text-slate-600 uppercase">{t.version(selected)}</p>
                  <SideText side={left} mark="del" />
                </div>
                <div className="rounded-md bg-slate-50 p-2">
                  <p className="mb-1 text-xs font-semibold text-slate-600 uppercase">{t.current}</p>
                  <SideText side={right} mark="ins" />
                </div>
              </div>
            </div>
          ))}
          {unsaved && <p className="text-sm font-medium text-amber-900">{t.unsaved}</p>}
          <div>
            <Button
              size="sm"
              isPending={restoring}
              onPress={() => {
                setRestoring(true);
                void basedOn()
                  .then((expectedVersion) => restore.mutateAsync({ id: articleId, version: selected, expectedVersion }))
                  .then(
                    (article) => (onRestored(article), setSelected(null)),
                    (error: unknown) => error instanceof ApiError && error.status === 409 && onRefused(),
                  )
                  .finally(() => setRestoring(false));
              }}
            >
              <History className="size-4" aria-hidden="true" />
              {t.restore}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
