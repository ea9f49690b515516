// 'Nueva Fuente RSS' / 'Editar Fuente RSS'. The interval is a number of hours, at least 1 (the domain
// schema turns a non-number into 1); keyword filters are comma-separated text.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { feedFormats, feedSourceInput, newsCategories, type FeedSource, type FeedSourceInput } from '../../../../domain';
import { FormDialog, useRecordDialog } from '../common/FormDialog';
import { FormSelect, FormSwitch, FormTextField, optionsOf } from '../common/form-fields';
import { rssTexts as t } from '../texts';
import { useCreateFeedSource, useUpdateFeedSource } from './api';

type FeedSourceFormValues = {
  name: string;
  url: string;
  format: string;
  defaultCategory: string;
  scheduleIntervalHours: string;
  enabled: boolean;
  autoPublish: boolean;
  includeKeywords: string;
  excludeKeywords: string;
};

const emptySource: FeedSourceFormValues = {
  name: '',
  url: '',
  format: 'rss',
  defaultCategory: 'Noticias',
  scheduleIntervalHours: '12',
  enabled: true,
  autoPublish: false,
  includeKeywords: '',
  excludeKeywords: '',
};

const valuesOf = (source: FeedSource): FeedSourceFormValues => ({
  name: source.name,
  url: source.url,
  format: source.format,
  defaultCategory: source.defaultCategory,
  scheduleIntervalHours: String(source.scheduleIntervalHours),
  enabled: source.enabled,
  autoPublish: source.autoPublish,
  includeKeywords: (source.includeKeywords ?? []).join(', '),
  excludeKeywords: (source.excludeKeywords ?? []).join(', '),
});

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; source: FeedSource | null };

export function FeedSourceDialog({ isOpen, onOpenChange, source }: Props) {
  const create = useCreateFeedSource();
  const update = useUpdateFeedSource();
  const form = useForm<FeedSourceFormValues, unknown, FeedSourceInput>({ resolver: zodResolver(feedSourceInput) as never, defaultValues: emptySource });

  const dialog = useRecordDialog({ isOpen, onOpenChange, record: source, form, empty: emptySource, valuesOf, create, update });

  return (
    <FormDialog {...dialog} title={source ? t.dialogEdit : t.dialogCreate}>
      <FormTextField control={form.control} name="name" label={t.fieldName} isRequired />
      <FormTextField
        control={form.control}
        name="url"
        label={t.fieldUrl}
        type="url"
        inputMode="url"
        description={t.urlHint}
        placeholder="https://"
        isRequired
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormSelect control={form.control} name="defaultCategory" label={t.fieldCategory} options={optionsOf(newsCategories)} isRequired />
        <FormSelect control={form.control} name="format" label={t.fieldFormat} options={optionsOf(feedFormats, t.formats)} />
        <FormTextField control={form.control} name="scheduleIntervalHours" label={t.fieldInterval} type="number" inputMode="numeric" isRequired />
      </div>
      <div className="flex flex-col gap-3 rounded-md bg-slate-50 p-3">
        <FormSwitch control={form.control} name="enabled" label={t.fieldEnabled} />
        <FormSwitch control={form.control} name="autoPublish" label={t.fieldAutoPublish} description={t.autoPublishHint} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="includeKeywords" label={t.fieldInclude} description={t.keywordsHint} />
        <FormTextField control={form.control} name="excludeKeywords" label={t.fieldExclude} description={t.keywordsHint} />
      </div>
    </FormDialog>
  );
}
