// Staff's news calls: the searchable, paged list (by status, and waiting for review), create, update,
// publish and delete; an article's versions and their restore; its preview links. Keys start with
// '/api/news' so the public lists refresh too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsArticleInput, NewsRevision, NewsRevisionText } from '../../../../domain';
import { apiJson, fetchPage, toQueryString, type Page } from '../../../lib/api';
import { resourceMutations, useToastMutation } from '../common/mutations';
import { newsTexts as t } from '../texts';
import { previewLinkTexts, revisionTexts } from './texts';

export const newsPageSize = 10;
export const newsKeyPrefix = ['/api/news'] as const;

export type AdminNewsFilter = { search: string; status: 'all' | 'pending' | 'draft' | 'scheduled' | 'published'; page: number };

export function useAdminNews({ search, status, page }: AdminNewsFilter) {
  const params = { search: search.trim() || undefined, status, limit: newsPageSize, offset: (page - 1) * newsPageSize };
  return useQuery<Page<NewsArticle>>({
    queryKey: ['/api/news', { ...params, scope: 'admin' }],
    queryFn: ({ signal }) => fetchPage<NewsArticle>(`/api/news${toQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    // Never stale, but refreshed on return once a change has invalidated it.
    refetchOnMount: true,
  });
}

const news = resourceMutations<NewsArticleInput, NewsArticle>('/api/news', [newsKeyPrefix], t);
export const useDeleteNews = news.useDelete;

/**
 * 'Publicar': an article waiting for review goes public (PATCH { reviewRequired: false }), as the card
 * showed it: with its version, so that a text someone changed since is not made public unseen (the
 * list is then read again).
 */
export function usePublishNews() {
  return useToastMutation({
    mutationFn: ({ id, version }: Pick<NewsArticle, 'id' | 'version'>) =>
      apiJson<NewsArticle>('PATCH', `/api/news/${id}`, { reviewRequired: false, expectedVersion: version }),
    invalidates: [newsKeyPrefix],
    refreshOnError: true,
    success: t.published,
    error: t.updateError,
  });
}

/**
 * 'Crear' / 'Actualizar' of the dialog: a PATCH once the article exists (also when autosave made it
 * a moment ago), with the version its text was based on, and the toast of what the person asked for.
 */
export function useSaveNews() {
  return useToastMutation({
    mutationFn: ({ id, version, input }: { id: string | null; version: number | null; input: NewsArticleInput; mode: 'create' | 'edit' }) =>
      id
        ? apiJson<NewsArticle>('PATCH', `/api/news/${id}`, { ...input, ...(version ? { expectedVersion: version } : {}) })
        : apiJson<NewsArticle>('POST', '/api/news', input),
    invalidates: [newsKeyPrefix],
    success: (_article, { mode }) => ({ title: mode === 'create' ? t.created : t.updated }),
    error: t.updateError,
    // Without a connection it fails at once: autosave, held meanwhile, then keeps the text on the device.
    networkMode: 'always',
  });
}

export function useRevisions(id: string | null) {
  return useQuery<NewsRevision[]>({ queryKey: ['/api/news', id ?? '', 'revisions'], enabled: Boolean(id), refetchOnMount: true });
}

export function useRevisionText(id: string | null, version: number | null) {
  return useQuery<NewsRevisionText>({ queryKey: ['/api/news', id ?? '', 'revisions', String(version ?? '')], enabled: Boolean(id && version) });
}

export function useRestoreRevision() {
  return useToastMutation({
    // With the version the dialog's text is based on: refused if someone saved the article since.
    mutationFn: ({ id, version, expectedVersion }: { id: string; version: number; expectedVersion: number | null }) =>
      apiJson<NewsArticle>('POST', `/api/news/${id}/revisions/${version}/restore`, expectedVersion ? { expectedVersion } : {}),
    invalidates: [newsKeyPrefix],
    success: revisionTexts.restored,
    error: revisionTexts.restoreError,
  });
}

export type PreviewLink = { url: string; englishUrl: string; expiresAt: string };

export function usePreviewLinkState(id: string | null) {
  return useQuery<{ count: number; expiresAt: string | null }>({
    queryKey: ['/api/news', id ?? '', 'preview-link'],
    enabled: Boolean(id),
    refetchOnMount: true,
  });
}

export function useCreatePreviewLink() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<PreviewLink>('POST', `/api/news/${id}/preview-link`),
    invalidates: [newsKeyPrefix],
    success: (link) => ({ title: previewLinkTexts.expires(link.expiresAt) }),
    error: previewLinkTexts.createError,
  });
}

export function useRevokePreviewLinks() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/news/${id}/preview-link`),
    invalidates: [newsKeyPrefix],
    success: previewLinkTexts.revoked,
    error: previewLinkTexts.revokeError,
  });
}
