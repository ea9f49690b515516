// 'Nuevo Servicio' / 'Editar Servicio'. Features are typed as comma-separated text; the domain
// schema splits and trims them.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceIconNames, serviceInput, type Service } from '../../../../domain';
import { FormDialog, useRecordDialog } from '../common/FormDialog';
import { FormSelect, FormTextArea, FormTextField, optionsOf } from '../common/form-fields';
import { servicesTexts as t } from '../texts';
import { useCreateService, useUpdateService } from './api';

type ServiceFormValues = { title: string; description: string; icon: string; category: string; features: string; order: string };

const emptyService: ServiceFormValues = { title: '', description: '', icon: 'Shield', category: '', features: '', order: '1' };

const valuesOf = (service: Service): ServiceFormValues => ({
  title: service.title,
  description: service.description,
  icon: service.icon,
  category: service.category,
  features: service.features.join(', '),
  order: service.order,
});

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; service: Service | null };

export function ServiceDialog({ isOpen, onOpenChange, service }: Props) {
  const create = useCreateService();
  const update = useUpdateService();
  const form = useForm<ServiceFormValues, unknown, ReturnType<typeof serviceInput.parse>>({
    resolver: zodResolver(serviceInput) as never,
    defaultValues: emptyService,
  });

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
      <FormTextArea control={form.control} name="features" label={t.fieldFeatures} description={t.featuresHint} rows={3} />
    </FormDialog>
  );
}
