// Every API router, in one list, mounted in this order as one middleware (apiRoutes).
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppServices } from '../context';
import { advanceFormRoutes } from './advance-forms';
import { advanceFormPdfRoutes } from './advance-form-pdf';
import { objectRoutes } from './objects';
import { authRoutes } from './auth';
import { contactRoutes } from './contact';
import { feedSourceRoutes } from './feed-sources';
import { feedImportRoutes } from '../feed-import/route';
import { historyRoutes } from './history';
import { newsRoutes } from './news';
import { serviceRoutes } from './services';
import { userRoutes } from './users';
import { accountRoutes } from './account';
import { sessionRoutes } from './sessions';
import { passkeyRoutes } from './passkeys';
import { securitySettingsRoutes } from './security-settings';
import { summaryRoutes } from './summary';
import { mediaRoutes } from './media';

export const apiRouters: ((services: AppServices) => Router)[] = [
  authRoutes,
  accountRoutes,
  sessionRoutes,
  passkeyRoutes,
  securitySettingsRoutes,
  newsRoutes,
  serviceRoutes,
  feedSourceRoutes,
  feedImportRoutes,
  contactRoutes,
  advanceFormRoutes,
  advanceFormPdfRoutes,
  objectRoutes,
  userRoutes,
  historyRoutes,
  summaryRoutes,
  mediaRoutes,
];

/** A path's first segment: 'api' of /api/news, 'noticias' of /noticias?q=a, '' of /. */
const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};

/**
 * Every API router as one middleware, in the list's order. Every route begins with one of a few first
 * segments (api, objects, media); a request whose path begins with another (every public page) goes
 * straight on. Matching each page's path against the routers' hundred-odd route patterns, to find
 * none, was 4% of a kept page's CPU. Should a route ever begin with a parameter (or be a pattern),
 * every request goes through the routers again.
 */
export function apiRoutes(services: AppServices): Middleware {
  const routers = apiRouters.map((make) => make(services));
  const chain = routers.flatMap((router) => [router.routes(), router.allowedMethods()] as Middleware[]);
  const segments = new Set(routers.flatMap((router) => router.stack.map((layer) => (typeof layer.path === 'string' ? firstSegment(layer.path) : '*'))));
  const everyPath = [...segments].some((segment) => !/^[\w.-]+$/.test(segment));
  return (ctx, next) => {
    if (!everyPath && !segments.has(firstSegment(ctx.path))) return next();
    const run = (i: number): Promise<unknown> => (i === chain.length ? next() : Promise.resolve(chain[i](ctx, () => run(i + 1))));
    return run(0);
  };
}
