// One feed source: name, default category, Habilitado/Deshabilitado, last update, url, interval,
// 'Auto-publicar', its last run (counts and error), the enabled switch and 'Importar ahora'.
import { Download } from 'lucide-react';
import { formatDateTime, type FeedSource } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Switch } from '../../../ui/Switch';
import { RecordActions } from '../common/RecordActions';
import { RecordCard } from '../common/RecordCard';
import { rssTexts as t } from '../texts';
import { useDeleteFeedSource, useImportFeedSource, useUpdateFeedSource } from './api';

export function FeedSourceCard({ source, onEdit }: { source: FeedSource; onEdit: () => void }) {
  const toggle = useUpdateFeedSource();
  const runImport = useImportFeedSource();
  const remove = useDeleteFeedSource();
  const run = source.lastRun;
  return (
    <RecordCard
      label={source.name}
      title={source.name}
      badges={
        <>
          <Badge variant="accent">{source.defaultCategory}</Badge>
          <Badge variant={source.enabled ? 'success' : 'default'}>{source.enabled ? t.enabled : t.disabled}</Badge>
          {source.autoPublish && <Badge variant="outline">{t.autoPublish}</Badge>}
        </>
      }
      actions={
        <>
          <Switch
            aria-label={t.toggleLabel(source.name)}
            isSelected={source.enabled}
            isDisabled={toggle.isPending}
            onChange={(enabled) => toggle.mutate({ id: source.id, input: { enabled } })}
            className="mr-2"
          >
            {t.enabled}
          </Switch>
          <Button size="sm" onPress={() => runImport.mutate(source.id)} isPending={runImport.isPending}>
            {!runImport.isPending && <Download className="size-4" aria-hidden="true" />}
            {runImport.isPending ? t.importing : t.importNow}
          </Button>
          <RecordActions record={source} name={source.name} onEdit={onEdit} deleteMessage={t.confirmDelete(source.name)} remove={remove} />
        </>
      }
    >
      <p className="break-all">
        <a href={source.url} target="_blank" rel="noopener noreferrer nofollow" className="text-accent-700 underline underline-offset-2">
          {source.url}
        </a>
      </p>
      <p className="text-slate-600">
        {source.lastFetchedAt ? t.lastUpdate(formatDateTime(source.lastFetchedAt)) : t.neverUpdated} · {t.interval(source.scheduleIntervalHours)}
      </p>
      {run && <p className="text-slate-600">{t.lastRun(run)}</p>}
      {run?.error && (
        <p role="note" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {t.lastRunError(run.error)}
        </p>
      )}
      {source.includeKeywords?.length > 0 && <p className="text-slate-600">{t.keywordsInclude(source.includeKeywords.join(', '))}</p>}
      {source.excludeKeywords?.length > 0 && <p className="text-slate-600">{t.keywordsExclude(source.excludeKeywords.join(', '))}</p>}
    </RecordCard>
  );
}
