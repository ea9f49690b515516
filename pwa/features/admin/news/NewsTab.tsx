// 'Gestión de Noticias': search, status (all, drafts, scheduled, published, waiting for review), pages
// of cards, and the article dialog.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Images } from 'lucide-react';
import type { NewsArticle } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-styles';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { CreateButton, ListState, SectionHeader } from '../common/states';
import { commonTexts, newsTexts as t } from '../texts';
import { newsPageSize, useAdminNews, type AdminNewsFilter } from './api';
import { NewsCard } from './NewsCard';
import { NewsDialog } from './NewsDialog';
import { sendPendingDrafts } from './local-drafts';
import { statusTexts } from './texts';
import { useQueryClient } from '@tanstack/react-query';

const statusOptions = [
  { id: 'all', label: t.statusAll },
  { id: 'draft', label: statusTexts.filterDrafts },
  { id: 'scheduled', label: statusTexts.filterScheduled },
  { id: 'published', label: statusTexts.filterPublished },
  { id: 'pending', label: t.statusPending },
];
const searchDelayMs = 300;
const dashboardPath = '/admin/dashboard';

export function NewsTab() {
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<AdminNewsFilter>({ search: '', status: 'all', page: 1 });
  const [dialog, setDialog] = useState<{ open: boolean; article: NewsArticle | null }>({ open: false, article: null });
  const news = useAdminNews(filter);
  const queryClient = useQueryClient();

  // Drafts written here without a connection go to the server as soon as the tab is open online.
  useEffect(() => {
    void sendPendingDrafts().then((sent) => {
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: ['/api/news'] });
    });
  }, [queryClient]);

  // Ask the server once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => setFilter((f) => (f.search === searchText ? f : { ...f, search: searchText, page: 1 })), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText]);

  const total = news.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / newsPageSize));
  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (news.data && !news.isPlaceholderData && filter.page > pages) setFilter((f) => ({ ...f, page: pages }));
  }, [news.data, news.isPlaceholderData, filter.page, pages]);

  const filtered = filter.search.trim() !== '' || filter.status !== 'all';

  return (
    <section aria-labelledby="news-title">
      <SectionHeader
        id="news-title"
        title={t.title}
        subtitle={news.data ? t.total(total) : undefined}
        action={
          <div className="flex flex-wrap gap-2">
            {/* The images of the articles: the Medios tab. */}
            <Link href={`${dashboardPath}?tab=media`} className={buttonClass('outline', 'md')}>
              <Images className="size-4" aria-hidden="true" />
              {t.media}
            </Link>
            <CreateButton label={t.create} onPress={() => setDialog({ open: true, article: null })} />
          </div>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_16rem]">
        <TextField label={t.searchLabel} type="search" placeholder={t.searchPlaceholder} value={searchText} onChange={setSearchText} />
        <Select
          label={t.statusLabel}
          options={statusOptions}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, status: status as AdminNewsFilter['status'], page: 1 }))}
        />
      </div>
      <ListState
        isPending={news.isPending}
        error={news.error}
        isEmpty={total === 0}
        emptyText={filtered ? t.emptySearch : t.empty}
        errorText={t.loadError}
        onRetry={() => void news.refetch()}
      >
        <div className={`grid gap-4 md:grid-cols-2 ${news.isPlaceholderData ? 'opacity-60' : ''}`}>
          {news.data?.items.map((article) => (
            <NewsCard key={article.id} article={article} onEdit={() => setDialog({ open: true, article })} />
          ))}
        </div>
        {pages > 1 && (
          <nav aria-label={commonTexts.page(filter.page, pages)} className="mt-4 flex items-center justify-center gap-3">
            <Button variant="outline" size="sm" isDisabled={filter.page <= 1} onPress={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}>
              {commonTexts.previous}
            </Button>
            <span className="text-sm text-slate-700">{commonTexts.page(filter.page, pages)}</span>
            <Button variant="outline" size="sm" isDisabled={filter.page >= pages} onPress={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}>
              {commonTexts.next}
            </Button>
          </nav>
        )}
      </ListState>
      <NewsDialog isOpen={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} article={dialog.article} />
    </section>
  );
}
