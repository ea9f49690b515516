// Composes the application: database, event store with its projectors, seed data, middleware, routes, web.
import type { Server } from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import { EventStore, eventMigrations, openDb, projectRoot, sqlFilesIn, startSubscriptions, type Db, type SubscriptionOptions } from '../events';
import { allProjectors, migrateAndRebuildIfNeeded, newsSearch, projectionMigrations, readModels } from '../projections';
import type { NewsListQuery } from '../domain';
import type { Config } from './config';
import type { AppServices } from './context';
import { apiNoStore, errorHandler, rejectUnreadableText } from './middleware/errors';
import { clearOldWindows } from './middleware/rate-limit';
import { healthRoutes, type Readiness } from './health';
import { createLogger, errorFields, requestLog, type Logger } from './log';
import { sameOrigin, securityHeaders } from './middleware/security';
import { currentUser, sessions, sweepExpiredSessions } from './middleware/session';
import { apiRoutes } from './routes';
import { accountSetup } from './auth/access';
import { canonicalPath } from './middleware/canonical-path';
import { forgetOldTotpSteps } from './auth/totp';
import { seed } from './seed';
import { z } from 'zod';
import { noticeStates, notificationsProcessor, smtpMailer } from './notifications';
import { PageCache } from './web/page-cache';
import { accountsCache } from './auth/accounts-cache';
import { clearOnChange } from './clear-on-change';
import { photoStorage } from './storage';
import { blobStoreOf } from './backup/archive';
import { backupScheduler } from './backup/scheduler';
import { newsScheduler } from './news-schedule';
import { previewLinks } from './news-preview-links';
import { startWeeklySummary, type WeeklySummaryOptions } from './weekly-summary';
import { MediaLibrary } from './media/library';

const apiMigrations = sqlFilesIn(path.join(projectRoot, 'api/migrations'));

export type AppOptions = {
  /** Vite dev server in middleware mode instead of the built assets. */
  dev?: boolean;
  /** Serve the web pages (the API tests leave them out). */
  web?: boolean;
  httpServer?: Server;
  db?: Db;
  /** Where log lines go (tests pass a sink to stay quiet); stdout otherwise. */
  log?: (line: string) => void;
  /** Tuning of the processors' loops (tests shorten the lock retry). */
  subscriptions?: SubscriptionOptions;
  /** The weekly summary's clock and how often it looks (tests set Monday 7:00). */
  weeklySummary?: WeeklySummaryOptions;
};

export type App = {
  app: Koa;
  services: AppServices;
  /** From now on /readyz answers 503, so a load balancer stops sending requests here. */
  markStopping(): void;
  /** Settles once the public pages were rendered once (/readyz answers 503 'warming' until then). */
  warmed: Promise<void>;
  close(): Promise<void>;
};

/** Every migration the app needs, in order: /readyz checks they are all applied. */
export const allMigrations = [...eventMigrations, ...projectionMigrations, ...apiMigrations];

export async function openServices(config: Config, options: AppOptions = {}): Promise<AppServices> {
  const log = createLogger({ write: options.log });
  const db =
    options.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      queryDeadlineMs: config.dbQueryDeadlineMs || null,
    }));
  try {
    // An upgrade that adds or changes read tables fills them from the log before anything is served.
    await migrateAndRebuildIfNeeded(db, allMigrations, allProjectors, {
      starting: (migrations) => log.info({ migrations }, 'actualización: reconstruyendo las tablas de lectura desde el registro de eventos'),
      done: ({ migrations, events, ms }) => log.info({ migrations, events, ms }, 'actualización: tablas de lectura reconstruidas desde el registro de eventos'),
    });
    const store = new EventStore(db);
    store.register(...allProjectors);
    const read = readModels(db);
    // The generated first password is for the operator's eyes once: a plain line, not a log record.
    await seed(store, read, config, options.log);
    const news = newsSearch(store, db, (line) => log.warn(line));
    const newsFollowFrom = await news.load();
    const pages = new PageCache();
    // Visitors' kept pages follow the lists: a change drops only the pages whose lists it may have changed.
    news.onPublishedListsChanged((affects, version) => pages.listsChanged(affects, version));
    const accounts = accountsCache(store, read);
    const notices = noticeStates(db);
    const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs) : null;
    const processors = [
      notificationsProcessor({ config, mailer, states: notices, log: (line) => log.info(line) }),
      news.processor(newsFollowFrom),
      clearOnChange(store, 'public-pages-cache', ['publicPages'], (changes) => pages.changed(changes)),
      accounts.processor,
      newsScheduler(store, read, (line) => log.warn(line)),
    ];
    return {
      config,
      db,
      store,
      read,
      log,
      notices,
      processors,
      news,
      pages,
      accounts,
      photos: photoStorage(db, config, read, log),
      media: new MediaLibrary(store, read, blobStoreOf(config), log),
    };
  } catch (error) {
    if (!options.db) await db.close().catch(() => {});
    throw error;
  }
}

/** State that is not an event and has a time limit: spent rate-limit windows and expired sessions. */
async function sweepExpiredState(db: Db, log: Logger) {
  try {
    await clearOldWindows(db);
    await forgetOldTotpSteps(db);
    const sessions = await sweepExpiredSessions(db);
    if (sessions > 0) log.info({ sessions }, 'expired sessions deleted');
  } catch (error) {
    log.warn(errorFields(error), 'sweep of expired state failed');
  }
}

// Zod's own messages (wrong type, too big...) in Spanish too; ours are written in the schemas.
z.config(z.locales.es());

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const services = await openServices(config, options);
  const app = new Koa();
  app.context.log = services.log;
  // Koa's own last-resort logging would print whole errors to stderr; ours are logged by errorHandler.
  app.silent = true;
  const readiness: Readiness = { stopping: false, warming: false };
  // Behind a reverse proxy, trust only the address it appended (the last X-Forwarded-For entry):
  // the entries before it are whatever the client wrote, and would let anyone dodge the rate limits.
  app.proxy = config.trustProxy;
  app.maxIpsCount = 1;
  app.use(securityHeaders(config, { dev: Boolean(options.dev) }));
  app.use(requestLog(services.log));
  app.use(errorHandler);
  // The scheduled copy (BACKUP_DIR) reads through this open database: an embedded one is this process's alone.
  const backups = config.backup ? backupScheduler({ db: services.db, blobs: blobStoreOf(config), settings: config.backup, log: services.log }) : null;
  // Before sessions: a probe must answer without the database's session table.
  const health = healthRoutes(services.db, allMigrations, readiness, backups?.status);
  app.use(health.routes());
  app.use(canonicalPath);
  app.use(sameOrigin(config));
  app.use(rejectUnreadableText);
  app.use(apiNoStore);
  app.use(sessions(app, services.db, config));
  app.use(currentUser(services.accounts, config.sessionAbsoluteMs));
  app.use(accountSetup(services));
  app.use(apiRoutes(services));
  const cleanup = setInterval(() => void sweepExpiredState(services.db, services.log), 15 * 60 * 1000);
  cleanup.unref();
  const stopSweep = services.photos.startSweep();

  let warm = async () => {};
  let closeWeb = async () => {};
  if (options.web !== false) {
    const web = await import('./web/index');
    const middleware = await web.createWebMiddleware({
      dev: Boolean(options.dev),
      httpServer: options.httpServer,
      config,
      queries: publicQueries(services),
      pages: services.pages,
    });
    app.use(middleware);
    warm = middleware.warm;
    closeWeb = middleware.close;
    readiness.warming = true;
  }

  // Last, once the routes are in place: the processors catch up with what the log holds.
  const subscriptions = await startSubscriptions(services.db, services.processors, { log: options.log, ...options.subscriptions });
  backups?.start();
  const stopWeeklySummary = startWeeklySummary(services, options.weeklySummary);
  // A cold instance would make its first visitors wait for what the warm-up does (docs/advance-form-rendering.md,
  // 'A cold server'); it reports ready once done, and a failed warm-up only costs those first visitors the wait.
  const warmed = warm()
    .catch((error: unknown) => services.log.warn(errorFields(error), 'page warm-up failed'))
    .finally(() => (readiness.warming = false));

  return {
    app,
    services,
    warmed,
    markStopping() {
      readiness.stopping = true;
    },
    async close() {
      clearInterval(cleanup);
      stopSweep();
      await backups?.stop();
      await stopWeeklySummary();
      await subscriptions.stop();
      await closeWeb();
      if (!options.db) await services.db.close();
    },
  };
}

/** What the server-rendered public pages may read: published articles and services only, and an article a preview link opens. */
export function publicQueries(services: AppServices) {
  const links = previewLinks(services.db);
  return {
    // `items` are the API's summaries as JSON values, read-only and shared by every call that shows the
    // same version of an article (projections/parsed-summaries.ts).
    listNews: async (query: NewsListQuery) => {
      const { items, total, listsVersion } = await services.news.published(query);
      return { items, total, listsVersion };
    },
    newsBySlug: (slug: string) => services.read.news.bySlug(slug, false),
    /** The article a working preview link opens, whatever its status; for signed-in staff, the article with that slug. */
    previewArticle: async (token: string, slug: string, staff: boolean) => {
      const id = await links.articleOf(token);
      if (id) return services.read.news.byId(id);
      return staff ? services.read.news.bySlug(slug, true) : null;
    },
    listServices: () => services.read.services.list(),
    catchingUp: () => services.news.catchingUp(),
  };
}
