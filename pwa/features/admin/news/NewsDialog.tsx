// 'Nueva Noticia' / 'Editar Noticia': the article in Spanish and English tabs, written in the rich-text
// editor (its own chunk, loaded with the dialog), with its status (draft, scheduled with its time, or
// published), autosave, 'Vista previa', preview links and versions (docs/news-editing.md), and its image
// uploaded or chosen from Medios (docs/media.md). While the slug has not been typed by hand it follows
// the title (slugify); an existing article keeps its slug.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import {
  formatDateTime,
  isDatedAhead,
  newsArticleForm,
  newsCategories,
  newsStatuses,
  publishedAheadMessage,
  slugify,
  type NewsArticle,
  type NewsArticleFormValues,
  type NewsArticleInput,
  type NewsStatus,
} from '../../../../domain';
import { ApiError, apiJson } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs';
import { descriptionClass, errorClass, inputClass, labelClass } from '../../../ui/field-styles';
import { FormDialog } from '../common/FormDialog';
import { FormSelect, FormTextArea, FormTextField, optionsOf, saveThenClose } from '../common/form-fields';
import { useSession } from '../session/api';
import { newsTexts } from '../texts';
import { newsKeyPrefix, useSaveNews } from './api';
import { localDrafts, newArticleKey, type LocalDraft } from './local-drafts';
import { PreviewLinkPanel } from './PreviewLinkPanel';
import { ImageField } from './ImageField';
import { dialogTexts, editorTexts, previewLinkTexts, revisionTexts, statusTexts } from './texts';
import { useAutosave } from './useAutosave';
import { AutosaveLine } from './AutosaveLine';
import { emptyArticle, fromBusinessClock, sameValues, textToCopy, toBusinessClock, valuesOf } from './dialog-values';

// The editor (TipTap) and the versions' comparison are loaded only when a dialog needs them.
const RichTextEditor = lazy(() => import('./RichTextEditor'));
const RevisionsPanel = lazy(() => import('./RevisionsPanel'));

const t = newsTexts;
/** What the notice says of a text based on an earlier version, by how that came about. */
const newerTexts = { opened: dialogTexts.changedElsewhere, saved: dialogTexts.savedElsewhere, recovered: dialogTexts.recoveredOlder } as const;

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; article: NewsArticle | null };

type Saved = { id: string | null; status: NewsStatus | null; slug: string | null; version: number | null };
const noneSaved: Saved = { id: null, status: null, slug: null, version: null };
const savedOf = (article: Pick<NewsArticle, 'id' | 'status' | 'slug' | 'version'>): Saved => ({
  id: article.id,
  status: article.status,
  slug: article.slug,
  version: article.version,
});

export function NewsDialog({ isOpen, onOpenChange, article }: Props) {
  const save = useSaveNews();
  const queryClient = useQueryClient();
  const { isAdmin } = useSession();
  const form = useForm<NewsArticleFormValues, unknown, NewsArticleInput>({ resolver: zodResolver(newsArticleForm), defaultValues: emptyArticle });
  const slugTypedByHand = useRef(false);
  // The article on the server: the one opened, or the draft autosave made for a new one; and the version
  // the dialog's text is based on, which every save names (a save of a text based on an older one is
  // refused, so that nobody's save silently replaces another's).
  const [saved, setSaved] = useState<Saved>(noneSaved);
  const [tab, setTab] = useState<'es' | 'en'>('es');
  const [recovery, setRecovery] = useState<LocalDraft | null>(null);
  // 'Crear' saved the article and the dialog stayed open on text typed meanwhile: it now edits that article.
  const [createdHere, setCreatedHere] = useState(false);
  // The article as the server has it now, when the dialog's text is based on an earlier version: the
  // list's copy it opened with, typed into before the current one came ('opened'), a save (or a restore)
  // refused because someone else saved the article meanwhile ('saved'), or a copy kept on this device,
  // taken up with 'Recuperar cambios', written on a version saved over since ('recovered'). Nothing of the
  // text goes to the server until the person chooses: the current version, or theirs to save over it.
  const [newer, setNewer] = useState<{ article: NewsArticle; reason: 'opened' | 'saved' | 'recovered' } | null>(null);
  const [conflictNote, setConflictNote] = useState<string | null>(null);
  /** Shows the article as the server has it (the list refreshes too). */
  const takeCurrent = useCallback(
    (current: NewsArticle) => {
      form.reset(valuesOf(current));
      setSaved(savedOf(current));
      setNewer(null);
      setConflictNote(null);
      void queryClient.invalidateQueries({ queryKey: newsKeyPrefix });
    },
    [form, queryClient],
  );
  /** A save was refused because someone else saved the article meanwhile: the current version is offered. */
  const savedElsewhere = (id: string) => {
    setConflictNote(null);
    apiJson<NewsArticle>('GET', `/api/news/${id}/current`)
      .then((now) => {
        if (latestId.current === id) setNewer({ article: now, reason: 'saved' });
      })
      .catch(() => {});
  };
  /**
   * 'Recuperar cambios': the copy's text is based on the version it was written on, so every save names
   * that one (the server refuses it if someone saved the article since); and when the article did change
   * since, the dialog says so at once and offers the current version, as for any text based on an earlier one.
   */
  const recover = (copy: LocalDraft) => {
    for (const [key, value] of Object.entries(copy.values)) form.setValue(key as keyof NewsArticleFormValues, value as never, { shouldDirty: true });
    autosave.adopt(copy);
    setRecovery(null);
    const id = saved.id;
    const based = copy.version;
    if (!id || typeof based !== 'number') return;
    setSaved((before) => (before.id === id ? { ...before, version: based } : before));
    apiJson<NewsArticle>('GET', `/api/news/${id}/current`)
      .then((now) => {
        if (latestId.current === id && now.version !== based) setNewer({ article: now, reason: 'recovered' });
      })
      .catch(() => {});
  };
  const latestId = useRef<string | null>(null);
  latestId.current = saved.id;
  const mode: 'create' | 'edit' = article || createdHere ? 'edit' : 'create';

  // Every opening starts from the article (or a blank one), and offers a copy kept on this device.
  useEffect(() => {
    if (!isOpen) {
      setCreatedHere(false);
      return;
    }
    const opened = article ? valuesOf(article) : emptyArticle;
    form.reset(opened);
    slugTypedByHand.current = Boolean(article);
    setSaved(article ? savedOf(article) : noneSaved);
    setTab('es');
    setRecovery(null);
    setNewer(null);
    setConflictNote(null);
    let current = true;
    // The list is read once and refreshed only by this tab's own changes: another person (or tab) may
    // have saved the article since, and saving the list's copy would undo their changes. Without a
    // connection the list's copy is what there is.
    if (article)
      apiJson<NewsArticle>('GET', `/api/news/${article.id}/current`)
        .then((now) => {
          if (!current) return;
          // The same text (a change undone since, or none): the dialog's text is based on this version.
          if (sameValues(valuesOf(now), opened)) return setSaved((before) => (before.id === now.id ? { ...before, version: now.version } : before));
          if (sameValues(form.getValues(), opened)) return takeCurrent(now);
          // What was typed stays, still based on the list's version, but saves go by the article's status
          // as it is now: published meanwhile, it is no longer a draft that autosave may save to the server.
          setSaved((before) => ({ ...savedOf(now), version: before.version }));
          setNewer({ article: now, reason: 'opened' });
        })
        .catch(() => {});
    localDrafts
      .get(article?.id ?? newArticleKey)
      .then((draft) => {
        if (current && draft && JSON.stringify(draft.values) !== JSON.stringify(form.getValues())) setRecovery(draft);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [isOpen, article, form, takeCurrent]);

  const autosave = useAutosave({
    isOpen,
    form,
    articleId: saved.id,
    savedStatus: saved.status,
    version: saved.version,
    conflict: newer !== null,
    onCreated: (created) => setSaved(savedOf(created)),
    onConflict: () => {
      if (saved.id) savedElsewhere(saved.id);
    },
  });

  const status = useWatch({ control: form.control, name: 'status' }) ?? 'draft';
  const values = useWatch({ control: form.control }) as NewsArticleFormValues;

  const suggestSlug = (title: string) => {
    if (!slugTypedByHand.current) form.setValue('slug', slugify(title), { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };

  const onSubmit = form.handleSubmit(
    saveThenClose(
      async (input: NewsArticleInput) => {
        if (input.status === 'scheduled' && (!input.publishedAt || input.publishedAt.getTime() <= Date.now())) {
          form.setError('publishedAt', { message: statusTexts.scheduleInPast });
          throw new Error(statusTexts.scheduleInPast);
        }
        // Published is public at once: a date ahead belongs to 'Programada' (the server refuses it too,
        // unless the article already had that date and it was left as it was).
        const redated = saved.status !== 'published' || form.getFieldState('publishedAt').isDirty;
        if (input.status === 'published' && input.publishedAt && redated && isDatedAhead(input.publishedAt, Date.now())) {
          form.setError('publishedAt', { message: publishedAheadMessage });
          throw new Error(publishedAheadMessage);
        }
        const hold = await autosave.hold();
        const result = await save.mutateAsync({ id: hold.articleId, version: hold.version, input, mode }).catch((error: unknown) => {
          hold.release();
          if (hold.articleId && error instanceof ApiError && error.status === 409) savedElsewhere(hold.articleId);
          throw error;
        });
        // Closed meanwhile (and perhaps opened again on another article), the dialog is left as it is.
        // Text typed while it saved keeps it open, on the article as saved, for autosave and the next press.
        const after = await hold.settled(result);
        if (after === 'done') onOpenChange(false);
        if (after === 'typed') {
          setSaved(savedOf(result));
          setCreatedHere(true);
          // Saved, its address is the article's: a title corrected now (or while it saved) leaves it as it is.
          if (!slugTypedByHand.current) form.setValue('slug', result.slug);
          slugTypedByHand.current = true;
        }
      },
      () => {},
      form.setError,
    ),
  );

  // The page as visitors will see it, with what is saved: unsaved changes of a draft are saved first.
  const preview = async () => {
    await autosave.flush();
    const slug = saved.slug ?? form.getValues('slug');
    const path = tab === 'en' ? `/en/news/${encodeURIComponent(slug)}` : `/noticias/${encodeURIComponent(slug)}`;
    window.open(`${path}?vista-previa`, '_blank', 'noopener');
  };

  const onStatus = (next: NewsStatus) => {
    const at = form.getValues('publishedAt');
    // Publishing now dates the article now; scheduling starts from the next hour, to be adjusted.
    if (next === 'published' && saved.status !== 'published') form.setValue('publishedAt', new Date().toISOString());
    if (next === 'scheduled' && (!at || new Date(at as string).getTime() <= Date.now())) {
      const hour = new Date(Date.now() + 3_600_000);
      hour.setMinutes(0, 0, 0);
      form.setValue('publishedAt', hour.toISOString());
    }
  };

  const editor = (name: 'content' | 'englishContent', label: string, description: string, isRequired: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Suspense fallback={<p className={descriptionClass}>{editorTexts.loading}</p>}>
          <RichTextEditor
            label={label}
            value={field.value == null ? '' : String(field.value)}
            onChange={field.onChange}
            description={description}
            errorMessage={fieldState.error?.message}
            isRequired={isRequired}
          />
        </Suspense>
      )}
    />
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      mode={mode}
      isSaving={save.isPending || autosave.holding || form.formState.isSubmitting}
      onSubmit={onSubmit}
      title={mode === 'edit' ? t.dialogEdit : t.dialogCreate}
    >
      {newer && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="basis-full">{newerTexts[newer.reason]}</span>
          <Button size="sm" onPress={() => takeCurrent(newer.article)}>
            {dialogTexts.loadCurrent}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onPress={() =>
              void navigator.clipboard
                .writeText(textToCopy(form.getValues()))
                .then(() => setConflictNote(dialogTexts.copied))
                .catch(() => setConflictNote(dialogTexts.copyFailed))
            }
          >
            {dialogTexts.copyMine}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onPress={() => {
              // Theirs stays a version ('Versiones'); this text is now based on it, so the next save replaces it.
              setSaved(savedOf(newer.article));
              setNewer(null);
              setConflictNote(dialogTexts.keptMine);
            }}
          >
            {dialogTexts.keepMine}
          </Button>
        </div>
      )}
      {conflictNote && (
        <p role="status" className="text-sm text-slate-700">
          {conflictNote}
        </p>
      )}
      {recovery && (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="flex-1">{dialogTexts.recoverLocal(formatDateTime(new Date(recovery.savedAt)))}</span>
          <Button size="sm" onPress={() => recover(recovery)}>
            {dialogTexts.recover}
          </Button>
          <Button size="sm" variant="outline" onPress={() => void localDrafts.remove(recovery.key).then(() => setRecovery(null))}>
            {dialogTexts.discardLocal}
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              label={statusTexts.label}
              options={newsStatuses.map((id) => ({ id, label: statusTexts.options[id] }))}
              value={field.value ?? 'draft'}
              onChange={(next) => {
                onStatus(next as NewsStatus);
                field.onChange(next);
              }}
              description={statusTexts.hint[status]}
            />
          )}
        />
        {status !== 'draft' && (
          <Controller
            control={form.control}
            name="publishedAt"
            render={({ field, fieldState }) => (
              <div className="flex flex-col gap-1">
                <label htmlFor="news-published-at" className={labelClass}>
                  {statusTexts.publishedAt}
                </label>
                <input
                  id="news-published-at"
                  type="datetime-local"
                  step={1}
                  className={inputClass}
                  value={toBusinessClock(field.value)}
                  onChange={(event) => field.onChange(fromBusinessClock(event.target.value))}
                  onBlur={field.onBlur}
                  aria-invalid={Boolean(fieldState.error) || undefined}
                  aria-describedby="news-published-at-help"
                />
                <p id="news-published-at-help" className={fieldState.error ? errorClass : descriptionClass}>
                  {fieldState.error?.message ?? statusTexts.publishedAtHint}
                </p>
              </div>
            )}
          />
        )}
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key === 'en' ? 'en' : 'es')}>
        <TabList aria-label={dialogTexts.tabs}>
          <Tab id="es">{dialogTexts.spanish}</Tab>
          <Tab id="en">{dialogTexts.english}</Tab>
        </TabList>
        <TabPanel id="es">
          <div className="flex flex-col gap-4">
            <FormTextField control={form.control} name="title" label={t.fieldTitle} isRequired onValueChange={suggestSlug} />
            <FormTextField
              control={form.control}
              name="slug"
              label={t.fieldSlug}
              placeholder={t.slugPlaceholder}
              description={t.slugHint}
              isRequired
              onValueChange={(value) => (slugTypedByHand.current = value !== '')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormSelect control={form.control} name="category" label={t.fieldCategory} options={optionsOf(newsCategories)} isRequired />
              <FormTextField control={form.control} name="author" label={t.fieldAuthor} isRequired />
            </div>
            <FormTextArea control={form.control} name="excerpt" label={t.fieldExcerpt} rows={3} isRequired />
            {editor('content', t.fieldContent, t.contentHint, true)}
            <ImageField control={form.control} />
          </div>
        </TabPanel>
        <TabPanel id="en">
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-600">{t.englishHint}</p>
            <FormTextField control={form.control} name="englishTitle" label={t.fieldEnglishTitle} />
            <FormTextArea control={form.control} name="englishExcerpt" label={t.fieldEnglishExcerpt} rows={3} />
            {editor('englishContent', t.fieldEnglishContent, t.englishContentHint, false)}
          </div>
        </TabPanel>
      </Tabs>
      <AutosaveLine state={autosave.state} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onPress={() => void preview()} isDisabled={!saved.id && !form.getValues('slug')}>
          <Eye className="size-4" aria-hidden="true" />
          {dialogTexts.preview}
        </Button>
        <span className="text-sm text-slate-600">{dialogTexts.previewHint}</span>
      </div>
      <details className="rounded-md border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer py-1 text-sm font-medium text-slate-800">{previewLinkTexts.title}</summary>
        <div className="mt-2 pb-2">
          {saved.id ? <PreviewLinkPanel articleId={saved.id} isAdmin={isAdmin} /> : <p className="text-sm text-slate-600">{previewLinkTexts.needsSave}</p>}
        </div>
      </details>
      {saved.id && (
        <details className="rounded-md border border-slate-200 px-3 py-2">
          <summary className="cursor-pointer py-1 text-sm font-medium text-slate-800">{revisionTexts.title}</summary>
          <div className="mt-2 pb-2">
            <Suspense fallback={<p className={descriptionClass}>…</p>}>
              <RevisionsPanel
                articleId={saved.id}
                current={values}
                unsaved={form.formState.isDirty}
                // What was typed goes to the server first (a draft's text becomes a version of its own); the
                // restore then names the version the text is based on, refused if someone saved since.
                basedOn={() =>
                  autosave
                    .flush()
                    .catch(() => undefined)
                    .then(() => autosave.basedOn())
                }
                onRefused={() => savedElsewhere(saved.id!)}
                onRestored={(restored) => {
                  form.reset(valuesOf(restored));
                  setSaved(savedOf(restored));
                  setNewer(null);
                  setConflictNote(null);
                }}
              />
            </Suspense>
          </div>
        </details>
      )}
    </FormDialog>
  );
}
