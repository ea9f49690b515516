// 'Actividad': the latest events of the whole site, newest first, filterable by event type and by
// person (username), with 'Cargar más' going further back.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { ListState, LoadMore, SectionHeader } from '../common/states';
import { useHistory, type HistoryFilter } from '../history/api';
import { EventList } from '../history/EventList';
import { recordNameOf } from '../history/describe';
import { allEventTypes, eventLabel, factsOf, isEventType } from '../../../../domain';
import { activityTexts as t } from '../history/texts';

const allTypes = 'all';
const typeOptions = [
  { id: allTypes, label: t.typeAll },
  ...allEventTypes.filter((type) => !factsOf(type)?.legacy).map((type) => ({ id: type, label: eventLabel(type) })),
];

export function ActivityTab() {
  const [type, setType] = useState(allTypes);
  const [actor, setActor] = useState('');
  const [filter, setFilter] = useState<HistoryFilter>({});
  const activity = useHistory(filter);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    setFilter({ type: isEventType(type) ? type : undefined, actor: actor.trim() || undefined });
  };
  const clear = () => {
    setType(allTypes);
    setActor('');
    setFilter({});
  };

  return (
    <section aria-labelledby="activity-title">
      <SectionHeader id="activity-title" title={t.title} subtitle={t.subtitle} />
      <form onSubmit={apply} className="mb-4 grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Select
          label={t.typeLabel}
          options={typeOptions}
          value={type}
          onChange={(value) => {
            setType(value);
            setFilter((f) => ({ ...f, type: isEventType(value) ? value : undefined }));
          }}
        />
        <TextField label={t.actorLabel} placeholder={t.actorPlaceholder} value={actor} onChange={setActor} />
        <div className="flex gap-2">
          <Button type="submit" variant="dark">
            {t.apply}
          </Button>
          <Button variant="outline" onPress={clear}>
            {t.clear}
          </Button>
        </div>
      </form>
      <ListState
        isPending={activity.isPending}
        error={activity.error}
        isEmpty={activity.events.length === 0}
        emptyText={t.empty}
        onRetry={() => void activity.refetch()}
      >
        <EventList
          events={activity.events}
          labelOf={(event) => eventLabel(event.type)}
          extra={(event) => t.record(recordNameOf(event), event.streamId)}
          foldAfter={4}
        />
        <LoadMore hasMore={activity.hasNextPage} isLoading={activity.isFetchingNextPage} onLoad={() => void activity.fetchNextPage()} />
      </ListState>
    </section>
  );
}
