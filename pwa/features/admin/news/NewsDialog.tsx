// 'Nueva Noticia' / 'Editar Noticia': the article form. While the slug has not been typed by hand it
// follows the title (slugify: accents and punctuation removed); an existing article keeps its slug.
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newsArticleInput, newsCategories, slugify, type NewsArticle, type NewsArticleFormValues } from '../../../../domain';
import { FormDialog, useRecordDialog } from '../common/FormDialog';
import { FormSelect, FormTextArea, FormTextField, optionsOf } from '../common/form-fields';
import { newsTexts as t } from '../texts';
import { useCreateNews, useUpdateNews } from './api';

const emptyArticle: NewsArticleFormValues = {
  title: '',
  slug: '',
  category: 'Noticias',
  author: '',
  excerpt: '',
  content: '',
  image: '',
  englishTitle: '',
  englishExcerpt: '',
  englishContent: '',
};

const valuesOf = (article: NewsArticle): NewsArticleFormValues => ({
  title: article.title,
  slug: article.slug,
  category: article.category as NewsArticleFormValues['category'],
  author: article.author,
  excerpt: article.excerpt,
  content: article.content,
  image: article.image ?? '',
  englishTitle: article.englishTitle ?? '',
  englishExcerpt: article.englishExcerpt ?? '',
  englishContent: article.englishContent ?? '',
});

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; article: NewsArticle | null };

export function NewsDialog({ isOpen, onOpenChange, article }: Props) {
  const create = useCreateNews();
  const update = useUpdateNews();
  const form = useForm({ resolver: zodResolver(newsArticleInput), defaultValues: emptyArticle });
  const slugTypedByHand = useRef(false);

  const dialog = useRecordDialog({ isOpen, onOpenChange, record: article, form, empty: emptyArticle, valuesOf, create, update });

  // A new article's slug follows its title; an existing one keeps its own.
  useEffect(() => {
    if (isOpen) slugTypedByHand.current = Boolean(article);
  }, [isOpen, article]);

  const suggestSlug = (title: string) => {
    if (!slugTypedByHand.current) form.setValue('slug', slugify(title), { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <FormDialog {...dialog} title={article ? t.dialogEdit : t.dialogCreate}>
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
      <FormTextArea control={form.control} name="content" label={t.fieldContent} description={t.contentHint} rows={8} isRequired />
      <FormTextField control={form.control} name="image" label={t.fieldImage} description={t.imageHint} type="url" />
      {/* Folded by default: most articles are Spanish only; open when an English version is already there. */}
      <details open={Boolean(article?.englishTitle)} className="rounded-md border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer py-1 text-sm font-medium text-slate-800">{t.englishSection}</summary>
        <div className="mt-3 grid gap-4 pb-2">
          <p className="text-sm text-slate-600">{t.englishHint}</p>
          <FormTextField control={form.control} name="englishTitle" label={t.fieldEnglishTitle} />
          <FormTextArea control={form.control} name="englishExcerpt" label={t.fieldEnglishExcerpt} rows={3} />
          <FormTextArea control={form.control} name="englishContent" label={t.fieldEnglishContent} description={t.englishContentHint} rows={6} />
        </div>
      </details>
    </FormDialog>
  );
}
