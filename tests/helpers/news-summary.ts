// An article as the public lists show it (NewsSummary), published, without image or English version:
// tests give the fields they are about.
import type { NewsSummary } from '../../domain';

export function newsSummary(fields: Partial<NewsSummary> & Pick<NewsSummary, 'id' | 'title' | 'slug'>): NewsSummary {
  const publishedAt = fields.publishedAt ?? new Date(Date.UTC(2026, 10, 1)).toISOString();
  return {
    excerpt: 'Un barrido',
    image: null,
    imageAlt: null,
    picture: null,
    category: 'Noticias',
    author: 'Redacción',
    publishedAt,
    updatedAt: publishedAt,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
    isImported: false,
    reviewRequired: false,
    status: 'published',
    englishTitle: null,
    englishExcerpt: null,
    reviewNote: null,
    ...fields,
  };
}
