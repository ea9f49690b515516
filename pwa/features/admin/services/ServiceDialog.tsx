// 'Nuevo Servicio' / 'Editar Servicio'. Features are typed one per line, so a feature may hold commas;
// the domain's form schema splits the lines and trims them. Saved with its features untouched, a
// service keeps exactly the list it had, even a feature no line could show (one holding a line break,
// sent through the API).
import { useMemo, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceForm, serviceIconNames, type Service, type ServiceInput } from '../../../../domain';
import { FormDialog, useRecordDialog } from '../common/FormDialog';
import { FormSelect, FormTextArea, FormTextField, optionsOf } from '../common/form-fields';
import { servicesTexts as t } from '../texts';
import { useCreateService, useUpdateService } from './api';

type ServiceFormValues = { title: string; description: string; icon: string; category: string; features: string; order: string };

const emptyService: ServiceFormValues = { title: '', description: '', icon: 'Shield', category: '', features: '', order: '1' };

/** The features as the dialog shows them: one per line. */
const featuresText = (features: readonly string[]) => features.join('\n');

const valuesOf = (service: Service): ServiceFormValues => ({
  title: service.title,
  description: service.description,
  icon: service.icon,
  category: service.category,
  features: featuresText(service.features),
  order: service.order,
});

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; service: Service | null };

export function ServiceDialog({ isOpen, onOpenChange, service }: Props) {
  const create = useCreateService();
  const update = useUpdateService();
  const opened = useRef(service);
  opened.current = service;
  const resolver = useMemo<Resolver<ServiceFormValues, unknown, ServiceInput>>(() => {
    const checked = zodResolver(serviceForm) as unknown as Resolver<ServiceFormValues, unknown, ServiceInput>;
    return async (values, context, options) => {
      const result = await checked(values, context, options);
      const stored = opened.current?.features;
      if (Object.keys(result.errors).length > 0 || !stored || values.features !== featuresText(stored)) return result;
      // The text as it was shown: the stored list goes back as it is.
      return { values: { ...(result.values as ServiceInput), features: [...stored] }, errors: {} };
    };
  }, []);
  const form = useForm<ServiceFormValues, unknown, ServiceInput>({ resolver, defaultValues: emptyService });

  // A name typed before the list existed (seed data) stays choosable.
  const icons = service && !serviceIconNames.includes(service.icon as never) ? [...serviceIconNames, service.icon] : serviceIconNames;

  const dialog = useRecordDialog({ isOpen, onOpenChange, record: service, form, empty: emptyService, valuesOf, create, update });

  return (
    <FormDialog {...dialog} title={service ? t.dialogEdit : t.dialogCreate}>
      <FormTextField control={form.control} name="title" label={t.fieldTitle} isRequired />
      <FormTextArea control={form.control} name="description" label={t.fieldDescription} rows={4} isRequired />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormTextField control={form.control} name="category" label={t.fieldCategory} isRequired />
        <FormSelect control={form.control} name="icon" label={t.fieldIcon} options={optionsOf(icons)} />
        <FormTextField control={form.control} name="order" label={t.fieldOrder} isRequired />
      </div>
      <FormTextArea control={form.control} name="features" label={t.fieldFeatures} description={t.featuresHint} rows={5} />
    </FormDialog>
  );
}
