// 'Servicios Registrados': the services in their order, each card with title, category, order,
// description and features.
import { useState } from 'react';
import type { Service } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { RecordActions } from '../common/RecordActions';
import { RecordCard } from '../common/RecordCard';
import { CreateButton, ListState, SectionHeader } from '../common/states';
import { servicesTexts as t } from '../texts';
import { useAdminServices, useDeleteService } from './api';
import { ServiceDialog } from './ServiceDialog';

export function ServicesTab() {
  const services = useAdminServices();
  const [dialog, setDialog] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });
  return (
    <section aria-labelledby="services-title">
      <SectionHeader id="services-title" title={t.title} action={<CreateButton label={t.create} onPress={() => setDialog({ open: true, service: null })} />} />
      <ListState
        isPending={services.isPending}
        error={services.error}
        isEmpty={services.data?.length === 0}
        emptyText={t.empty}
        onRetry={() => void services.refetch()}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {services.data?.map((service) => (
            <ServiceCard key={service.id} service={service} onEdit={() => setDialog({ open: true, service })} />
          ))}
        </div>
      </ListState>
      <ServiceDialog isOpen={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} service={dialog.service} />
    </section>
  );
}

function ServiceCard({ service, onEdit }: { service: Service; onEdit: () => void }) {
  const remove = useDeleteService();
  return (
    <RecordCard
      label={service.title}
      title={service.title}
      badges={
        <>
          <Badge variant="accent">{service.category}</Badge>
          <Badge variant="outline">{t.order(service.order)}</Badge>
        </>
      }
      actions={<RecordActions record={service} name={service.title} onEdit={onEdit} deleteMessage={t.confirmDelete(service.title)} remove={remove} />}
    >
      <p>{service.description}</p>
      {service.features.length > 0 && (
        <ul className="list-disc pl-5 text-slate-600">
          {service.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
    </RecordCard>
  );
}
