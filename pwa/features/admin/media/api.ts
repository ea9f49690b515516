// The media library's calls: the paged list (with where each image is used), the upload of a file's
// bytes (POST /api/media with the file's own type) and the deletion. Keys start with '/api/media'.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { maxMediaBytes, mediaUploadTypes, type MediaItem } from '../../../../domain';
import { apiJson, fetchPage, throwIfNotOk, toQueryString, type Page } from '../../../lib/api';
import { useToastMutation } from '../common/mutations';
import { mediaTexts as t } from './texts';

export const mediaPageSize = 12;
const mediaKeyPrefix = ['/api/media'] as const;

export function useMediaList(page: number) {
  const params = { limit: mediaPageSize, offset: (page - 1) * mediaPageSize };
  return useQuery<Page<MediaItem>>({
    queryKey: ['/api/media', params],
    queryFn: ({ signal }) => fetchPage<MediaItem>(`/api/media${toQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: true,
  });
}

/** What is wrong with a file before it is sent (the server checks its bytes again); null when it may go. */
export function fileProblem(file: File): string | null {
  if (!(mediaUploadTypes as readonly string[]).includes(file.type)) return t.wrongType;
  if (file.size > maxMediaBytes) return t.tooLarge;
  return null;
}

async function uploadMedia(file: File): Promise<MediaItem> {
  const response = await fetch('/api/media', {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type, Accept: 'application/json' },
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return (await response.json()) as MediaItem;
}

export function useUploadMedia() {
  return useToastMutation({ mutationFn: uploadMedia, invalidates: [mediaKeyPrefix], success: t.uploaded, error: t.uploadError });
}

export function useDeleteMedia() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/media/${id}`),
    invalidates: [mediaKeyPrefix],
    success: t.deleted,
    error: t.deleteError,
  });
}

/** The smallest copy of an image: what a thumbnail needs. */
export const thumbnailOf = (item: MediaItem) =>
  item.variants.filter((variant) => variant.type === 'image/webp').sort((a, b) => a.width - b.width)[0] ?? {
    url: item.url,
    width: item.width,
    height: item.height,
  };
