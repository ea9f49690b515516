// Composes the application: database, event store with its projectors, seed data, middleware, routes, web.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { EventStore, eventMigrations, migrate, openDb, sqlFilesIn, type Db } from '../events';
import { allProjectors, projectionMigrations, readModels } from '../projections';
import type { NewsListQuery } from '../domain';
import type { Config } from './config';
import type { AppServices } from './context';
import { apiNoStore, errorHandler, rejectUnreadableText } from './middleware/errors';
import { clearOldWindows } from './middleware/rate-limit';
import { sameOrigin, securityHeaders } from './middleware/security';
import { currentUser, sessions } from './middleware/session';
import { apiRouters } from './routes';
import { accountSetupGate } from './auth/gate';
import { forgetOldTotpSteps } from './auth/totp';
import { seed } from './seed';
import { z } from 'zod';
import { notifier } from './notify';
import { publicNewsList } from './public-news';

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiMigrations = sqlFilesIn(path.join(here, 'migrations'));

export type AppOptions = {
  /** Vite dev server in middleware mode instead of the built assets. */
  dev?: boolean;
  /** Serve the web pages (the API tests leave them out). */
  web?: boolean;
  httpServer?: Server;
  db?: Db;
  log?: (line: string) => void;
};

export type App = { app: Koa; services: AppServices; close(): Promise<void> };

export async function openServices(config: Config, options: AppOptions = {}): Promise<AppServices> {
  const db = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db, [...eventMigrations, ...projectionMigrations, ...apiMigrations]);
  const store = new EventStore(db);
  store.register(...allProjectors);
  const read = readModels(db);
  await seed(store, read, config, options.log);
  return { config, db, store, read, publicNews: publicNewsList(store, read), hooks: { advanceFormErased: [], advanceFormPhotos: [], notify: [notifier(config, options.log)] } };
}

// Zod's own messages (wrong type, too big...) in Spanish too; ours are written in the schemas.
z.config(z.locales.es());

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const services = await openServices(config, options);
  const app = new Koa();
  // Behind a reverse proxy, trust only the address it appended (the last X-Forwarded-For entry):
  // the entries before it are whatever the client wrote, and would let anyone dodge the rate limits.
  app.proxy = process.env.TRUST_PROXY === '1';
  app.maxIpsCount = 1;
  app.use(securityHeaders(config, { dev: Boolean(options.dev) }));
  app.use(errorHandler);
  app.use(sameOrigin(config));
  app.use(koaBody({ json: true, jsonLimit: '2mb', urlencoded: false, text: false, multipart: false }));
  app.use(rejectUnreadableText);
  app.use(apiNoStore);
  app.use(sessions(app, services.db, config));
  app.use(currentUser(services.db));
  app.use(accountSetupGate(services));
  for (const makeRouter of apiRouters) {
    const router = makeRouter(services);
    app.use(router.routes()).use(router.allowedMethods());
  }
  const cleanup = setInterval(() => {
    clearOldWindows(services.db).catch(() => {});
    forgetOldTotpSteps(services.db).catch(() => {});
  }, 60 * 60 * 1000);
  cleanup.unref();

  if (options.web !== false && existsSync(path.join(here, 'web', 'index.ts'))) {
    const web = await import('./web/index');
    app.use(await web.createWebMiddleware({ dev: Boolean(options.dev), httpServer: options.httpServer, config, queries: publicQueries(services) }));
  }

  return {
    app,
    services,
    async close() {
      clearInterval(cleanup);
      if (!options.db) await services.db.close();
    },
  };
}

/** What the server-rendered public pages may read: published articles and services only. */
export function publicQueries(services: AppServices) {
  return {
    listNews: async (query: NewsListQuery) => {
      const { items, total } = await services.publicNews(query);
      return { items, total };
    },
    newsBySlug: (slug: string) => services.read.news.bySlug(slug, false),
    listServices: () => services.read.services.list(),
  };
}
