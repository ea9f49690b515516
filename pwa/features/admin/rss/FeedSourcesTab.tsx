// 'Fuentes RSS': the feed sources staff follow, with the source dialog.
import { useState } from 'react';
import type { FeedSource } from '../../../../domain';
import { CreateButton, ListState, SectionHeader } from '../common/states';
import { rssTexts as t } from '../texts';
import { useFeedSources } from './api';
import { FeedSourceCard } from './FeedSourceCard';
import { FeedSourceDialog } from './FeedSourceDialog';

export function FeedSourcesTab() {
  const sources = useFeedSources();
  const [dialog, setDialog] = useState<{ open: boolean; source: FeedSource | null }>({ open: false, source: null });
  return (
    <section aria-labelledby="rss-title">
      <SectionHeader id="rss-title" title={t.title} action={<CreateButton label={t.create} onPress={() => setDialog({ open: true, source: null })} />} />
      <ListState
        isPending={sources.isPending}
        error={sources.error}
        isEmpty={sources.data?.length === 0}
        emptyText={t.empty}
        onRetry={() => void sources.refetch()}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {sources.data?.map((source) => (
            <FeedSourceCard key={source.id} source={source} onEdit={() => setDialog({ open: true, source })} />
          ))}
        </div>
      </ListState>
      <FeedSourceDialog isOpen={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} source={dialog.source} />
    </section>
  );
}
