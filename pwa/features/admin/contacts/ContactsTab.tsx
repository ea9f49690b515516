// 'Mensajes de Contacto': response-time figures, search and status filter, the CSV export of what
// the filters keep, and the messages (ContactCard) a page at a time.
import { useEffect, useState } from 'react';
import { FileDown } from 'lucide-react';
import { contactStatuses, contactStatusLabel } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { useQueryString } from '../../../lib/query-string';
import { ListState, LoadMore, SectionHeader } from '../common/states';
import { contactsTexts as t } from '../texts';
import { useContactMessages, useExportContactMessages, type InboxFilter } from './api';
import { ContactCard } from './ContactCard';
import { InboxFigures } from './InboxFigures';

const statusOptions = [{ id: 'all', label: t.statusAll }, ...contactStatuses.map((status) => ({ id: status, label: contactStatusLabel[status] }))];
const searchDelayMs = 300;

export function ContactsTab() {
  // A notice's link opens the tab searching for its message (?buscar=<id>).
  const initial = new URLSearchParams(useQueryString()).get('buscar') ?? '';
  const [searchText, setSearchText] = useState(initial);
  const [filter, setFilter] = useState<InboxFilter>({ search: initial, status: 'all' });
  const messages = useContactMessages(filter);
  const exportCsv = useExportContactMessages();

  // Ask the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setFilter((f) => (f.search === searchText ? f : { ...f, search: searchText })), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText]);

  const filtered = filter.search.trim() !== '' || filter.status !== 'all';
  return (
    <section aria-labelledby="contacts-title">
      <SectionHeader
        id="contacts-title"
        title={t.title}
        subtitle={messages.data ? t.count(messages.total) : undefined}
        action={
          <Button variant="outline" onPress={() => exportCsv.mutate(filter)} isPending={exportCsv.isPending}>
            {!exportCsv.isPending && <FileDown className="size-4" aria-hidden="true" />}
            {exportCsv.isPending ? t.exporting : t.exportCsv}
          </Button>
        }
      />
      <InboxFigures />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField label={t.searchLabel} type="search" placeholder={t.searchPlaceholder} value={searchText} onChange={setSearchText} />
        <Select
          label={t.statusLabel}
          options={statusOptions}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, status: status as InboxFilter['status'] }))}
        />
      </div>
      <ListState
        isPending={messages.isPending}
        error={messages.error}
        isEmpty={messages.items.length === 0}
        emptyText={filtered ? t.emptySearch : t.empty}
        onRetry={() => void messages.refetch()}
      >
        <div className="grid gap-4">
          {messages.items.map((message) => (
            <ContactCard key={message.id} message={message} />
          ))}
        </div>
        <LoadMore hasMore={messages.hasNextPage} isLoading={messages.isFetchingNextPage} onLoad={() => void messages.fetchNextPage()} />
      </ListState>
    </section>
  );
}
