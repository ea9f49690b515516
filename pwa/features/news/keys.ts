// The query keys of GET /api/news, shared by the server's prefetch (pwa/server-pages.ts) and the hooks
// that read them (latest.ts, list-api.ts, api.ts): that key is how server-rendered data reaches
// hydration. No hook here: the server's page loader and the tests load this outside the app's build.
import type { QueryParams } from '../../lib/api';

/** The home page shows the 3 latest articles (docs/rules.md, 'News and the review queue'). */
export const latestNewsParams: QueryParams = { limit: 3 };

export const newsListKey = (params: QueryParams) => ['/api/news', params] as const;
export const articleKey = (slug: string) => ['/api/news', slug] as const;
