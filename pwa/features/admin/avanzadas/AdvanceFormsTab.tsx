// 'Formularios de Avanzada': each survey with host, nature (and 'Inglés' when sent from the English
// page), date, time and address; 'Ver detalles'
// opens the detail screen, the PDF downloads as a file, deletion asks first.
import { Download, Eye, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { formatCalendarDay, type AdvanceForm } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-styles';
import { DeleteAction } from '../common/DeleteAction';
import { LanguageBadge } from '../common/LanguageBadge';
import { Detail, RecordCard } from '../common/RecordCard';
import { NoticeLine } from '../common/NoticeLine';
import { ListState, LoadMore, SectionHeader } from '../common/states';
import { UnsentOnDevice } from '../drafts/UnsentOnDevice';
import { HistoryAction } from '../history/HistoryAction';
import { avanzadasTexts as t } from '../texts';
import { useAdvanceForms, useDeleteAdvanceForm, useDownloadAdvanceFormPdf } from './api';

const newAdvanceFormPath = '/admin/avanzadas/nuevo';
const advanceFormPath = (id: string) => `/admin/avanzadas/${id}`;

export function AdvanceFormsTab() {
  const forms = useAdvanceForms();
  return (
    <section aria-labelledby="avanzadas-title">
      <SectionHeader
        id="avanzadas-title"
        title={t.title}
        subtitle={forms.data && forms.total > 0 ? t.total(forms.total) : undefined}
        action={
          <Link href={newAdvanceFormPath} className={buttonClass('primary', 'md')}>
            <Plus className="size-4" aria-hidden="true" />
            {t.create}
          </Link>
        }
      />
      {/* Forms saved on this device that the server does not have yet: first, so none goes unnoticed. */}
      <UnsentOnDevice />
      <ListState isPending={forms.isPending} error={forms.error} isEmpty={forms.items.length === 0} emptyText={t.empty} onRetry={() => void forms.refetch()}>
        <div className="grid gap-4 md:grid-cols-2">
          {forms.items.map((form) => (
            <AdvanceFormCard key={form.id} form={form} />
          ))}
        </div>
        <LoadMore hasMore={forms.hasNextPage} isLoading={forms.isFetchingNextPage} onLoad={() => void forms.fetchNextPage()} />
      </ListState>
    </section>
  );
}

function AdvanceFormCard({ form }: { form: AdvanceForm }) {
  const download = useDownloadAdvanceFormPdf();
  const remove = useDeleteAdvanceForm();
  return (
    <RecordCard
      label={form.hostName}
      title={form.hostName}
      badges={
        <>
          <Badge variant="accent">{form.eventNature}</Badge>
          <LanguageBadge language={form.language} />
        </>
      }
      actions={
        <>
          <Link href={advanceFormPath(form.id)} className={buttonClass('outline', 'sm')}>
            <Eye className="size-4" aria-hidden="true" />
            {t.details}
          </Link>
          <Button variant="outline" size="sm" onPress={() => download.mutate(form)} isPending={download.isPending}>
            {!download.isPending && <Download className="size-4" aria-hidden="true" />}
            {download.isPending ? t.downloading : t.downloadPdf}
          </Button>
          <HistoryAction recordId={form.id} recordName={form.hostName} />
          <DeleteAction message={t.confirmDelete} onDelete={() => remove.mutateAsync(form.id)} isPending={remove.isPending} />
        </>
      }
    >
      <Detail label={t.eventDate}>{formatCalendarDay(form.eventDate as unknown as string)}</Detail>
      <Detail label={t.eventTime}>{form.eventTime}</Detail>
      <Detail label={t.address}>{form.address}</Detail>
      <NoticeLine of={form} />
    </RecordCard>
  );
}
