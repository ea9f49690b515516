// One article in the dashboard: title, category, date, author, excerpt; imported articles waiting for
// review say so and offer 'Publicar'.
import { Pencil, Send } from 'lucide-react';
import { formatLongDate, type NewsArticle } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DeleteAction } from '../common/DeleteAction';
import { RecordCard } from '../common/RecordCard';
import { HistoryAction } from '../history/HistoryAction';
import { commonTexts, newsTexts as t } from '../texts';
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
          {article.isImported && <Badge variant="outline">{t.imported}</Badge>}
        </>
      }
      actions={
        <>
          {article.reviewRequired && (
            <Button size="sm" onPress={() => publish.mutate(article.id)} isPending={publish.isPending}>
              <Send className="size-4" aria-hidden="true" />
              {publish.isPending ? t.publishing : t.publish}
            </Button>
          )}
          <Button variant="outline" size="sm" onPress={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            {commonTexts.edit}
          </Button>
          <HistoryAction recordId={article.id} recordName={article.title} />
          <DeleteAction message={t.confirmDelete(article.title)} onDelete={() => remove.mutateAsync(article.id)} isPending={remove.isPending} />
        </>
      }
    >
      <p className="text-slate-600">
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time> · {t.by(article.author)}
      </p>
      <p className="line-clamp-3">{article.excerpt}</p>
    </RecordCard>
  );
}
