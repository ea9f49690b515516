// 'Historial' on every card: a dialog with that record's events (its stream id is its own id).
import { useState } from 'react';
import { History } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ListState, LoadMore } from '../common/states';
import { eventVerb } from '../../../../domain';
import { historyTexts as t } from './texts';
import { useHistory } from './api';
import { EventList } from './EventList';

export function HistoryAction({ recordId, recordName }: { recordId: string; recordName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onPress={() => setOpen(true)}>
        <History className="size-4" aria-hidden="true" />
        {t.open}
      </Button>
      <Dialog isOpen={open} onOpenChange={setOpen} title={t.title} description={recordName} size="lg">
        {open && <RecordHistory recordId={recordId} />}
      </Dialog>
    </>
  );
}

function RecordHistory({ recordId }: { recordId: string }) {
  const history = useHistory({ streamId: recordId });
  return (
    <ListState
      isPending={history.isPending}
      error={history.error}
      isEmpty={history.events.length === 0}
      emptyText={t.empty}
      errorText={t.loadError}
      onRetry={() => void history.refetch()}
    >
      <EventList events={history.events} labelOf={(event) => eventVerb(event.type)} />
      <LoadMore hasMore={history.hasNextPage} isLoading={history.isFetchingNextPage} onLoad={() => void history.fetchNextPage()} />
    </ListState>
  );
}
