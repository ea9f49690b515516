// One article in the dashboard: title, category, date, author, excerpt; a draft or a scheduled article
// says so (with its time); imported articles waiting for review say so and offer 'Publicar', with the
// importer's note when it could not copy the item's image.
import { ImageOff, Send } from 'lucide-react';
import { formatLongDate, type NewsArticle } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { RecordActions } from '../common/RecordActions';
import { RecordCard } from '../common/RecordCard';
import { newsTexts as t } from '../texts';
import { statusTexts } from './texts';
import { useDeleteNews, usePublishNews } from './api';

export function NewsCard({ article, onEdit }: { article: NewsArticle; onEdit: () => void }) {
  const publish = usePublishNews();
  const remove = useDeleteNews();
  return (
    <RecordCard
      label={article.title}
      title={article.title}
      badges={
        <>
          <Badge variant="accent">{article.category}</Badge>
          {article.reviewRequired && <Badge variant="warning">{t.pending}</Badge>}
          {article.status === 'draft' && !article.reviewRequired && <Badge variant="outline">{statusTexts.badgeDraft}</Badge>}
          {article.status === 'scheduled' && <Badge variant="success">{statusTexts.badgeScheduled(article.publishedAt)}</Badge>}
          {article.isImported && <Badge variant="outline">{t.imported}</Badge>}
        </>
      }
      actions={
        <>
          {article.reviewRequired && (
            <Button size="sm" onPress={() => publish.mutate(article)} isPending={publish.isPending}>
              <Send className="size-4" aria-hidden="true" />
              {publish.isPending ? t.publishing : t.publish}
            </Button>
          )}
          <RecordActions record={article} name={article.title} onEdit={onEdit} deleteMessage={t.confirmDelete(article.title)} remove={remove} />
        </>
      }
    >
      <p className="text-slate-600">
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time> · {t.by(article.author)}
      </p>
      <p className="line-clamp-3">{article.excerpt}</p>
      {/* The importer's word to the reviewer: an image it could not copy. */}
      {article.reviewNote && (
        <p className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-amber-900">
          <ImageOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{t.reviewNote}:</span> {article.reviewNote}
          </span>
        </p>
      )}
    </RecordCard>
  );
}
