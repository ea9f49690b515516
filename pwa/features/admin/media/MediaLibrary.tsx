// The images of the media library, a page at a time, newest first: each with its thumbnail, size and
// where it is used. An admin deletes an image no article shows; while one does, 'Eliminar' is disabled
// and says why. In the news dialog's picker every card also offers 'Elegir'.
import { useEffect, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { formatDateTime, type MediaItem } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { DeleteAction } from '../common/DeleteAction';
import { ListState } from '../common/states';
import { useSession } from '../session';
import { commonTexts } from '../texts';
import { mediaPageSize, thumbnailOf, useDeleteMedia, useMediaList } from './api';
import { MediaUpload } from './MediaUpload';
import { formatBytes, mediaTexts as t } from './texts';

type Props = {
  /** In the news dialog: what 'Elegir' does with an image (an upload is chosen at once too). */
  onChoose?: (item: MediaItem) => void;
};

const typeNames: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/avif': 'AVIF' };

export function MediaLibrary({ onChoose }: Props) {
  const [page, setPage] = useState(1);
  const media = useMediaList(page);
  const total = media.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / mediaPageSize));
  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (media.data && !media.isPlaceholderData && page > pages) setPage(pages);
  }, [media.data, media.isPlaceholderData, page, pages]);

  return (
    <div className="flex flex-col gap-4">
      <MediaUpload
        onUploaded={(item) => {
          setPage(1);
          onChoose?.(item);
        }}
      />
      {media.data && <p className="text-sm text-slate-600">{t.total(total)}</p>}
      <ListState
        isPending={media.isPending}
        error={media.error}
        isEmpty={total === 0}
        emptyText={t.empty}
        errorText={t.loadError}
        onRetry={() => void media.refetch()}
      >
        <ul aria-label={t.listLabel} className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${media.isPlaceholderData ? 'opacity-60' : ''}`}>
          {media.data?.items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item} onChoose={onChoose} />
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label={commonTexts.page(page, pages)} className="flex items-center justify-center gap-3">
            <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
              {commonTexts.previous}
            </Button>
            <span className="text-sm text-slate-700">{commonTexts.page(page, pages)}</span>
            <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => setPage((p) => p + 1)}>
              {commonTexts.next}
            </Button>
          </nav>
        )}
      </ListState>
    </div>
  );
}

function MediaCard({ item, onChoose }: { item: MediaItem } & Props) {
  const { isAdmin } = useSession();
  const remove = useDeleteMedia();
  const reasonId = useId();
  const thumbnail = thumbnailOf(item);
  const inUse = item.usedBy.length > 0;
  return (
    <article
      aria-label={t.imageOf(item.width, item.height)}
      className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <img
        src={thumbnail.url}
        width={thumbnail.width}
        height={thumbnail.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 text-sm text-slate-700">
        <p>
          <span className="font-medium text-slate-900">{t.dimensionsLabel}:</span> {t.dimensions(item.width, item.height)} · {typeNames[item.type] ?? item.type}
        </p>
        <p>
          <span className="font-medium text-slate-900">{t.sizeLabel}:</span> {t.size(formatBytes(item.bytes), formatBytes(item.totalBytes))}
        </p>
        <p className="text-slate-600">{t.uploadedOn(formatDateTime(item.createdAt), item.uploadedBy)}</p>
        {item.sourceUrl && (
          <p className="break-all text-slate-600">
            {t.importedFrom}:{' '}
            <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer" className="text-accent-800 underline">
              {item.sourceUrl}
            </a>
          </p>
        )}
        {inUse ? (
          <div>
            <p className="font-medium text-slate-900">{t.usedIn}:</p>
            <ul className="list-disc pl-5">
              {item.usedBy.map((use) => (
                <li key={use.id}>«{use.title}»</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-slate-600">{t.unused}</p>
        )}
      </div>
      <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 p-3">
        {onChoose && (
          <Button size="sm" onPress={() => onChoose(item)} aria-label={t.chooseLabel(item.width, item.height)}>
            {t.choose}
          </Button>
        )}
        {isAdmin && inUse && (
          <>
            <Button variant="ghost" size="sm" className="text-red-700" isDisabled aria-describedby={reasonId}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t.delete}
            </Button>
            <p id={reasonId} className="w-full text-xs text-slate-600">
              {t.cannotDelete(item.usedBy.length)}
            </p>
          </>
        )}
        {!inUse && <DeleteAction message={t.confirmDelete} onDelete={() => remove.mutateAsync(item.id)} isPending={remove.isPending} />}
      </footer>
    </article>
  );
}
