// What every route needs: the store, the read models, the config, and helpers to parse and to run commands.
import type { Context } from 'koa';
import type { ZodType, z } from 'zod';
import { BadRequest, fieldErrors, pagingQuery, type Paging, type SessionUser } from '../domain';
import { handle, type HandleOptions, type Db, type Decider, type EventMetadata, type EventStore, type NewEvent, type Origin, type Processor } from '../events';
import type { NewsSearch, ReadModels } from '../projections';
import type { PageCache } from './web/page-cache';
import type { AccountsCache } from './auth/accounts-cache';
import type { Config } from './config';
import type { Logger } from './log';
import type { NoticeStates } from './notifications';
import { readJsonBody } from './middleware/body';
import type { PhotoStorage } from './storage';
import type { MediaLibrary } from './media/library';

export type AppServices = {
  config: Config;
  db: Db;
  store: EventStore;
  read: ReadModels;
  /** The news lists and searches, visitors' and staff's, from each instance's in-memory index (the API and the SSR pages share it). */
  news: NewsSearch;
  /** Rendered public pages kept for visitors until something they show changes. */
  pages: PageCache;
  /** Signed-in staff's accounts and the second-factor setting, kept per instance until they change. */
  accounts: AccountsCache;
  /** The staff e-mail notices' outcomes, shown on the cards of messages and forms. */
  notices: NoticeStates;
  /**
   * What reacts to the log outside the append (notices, other instances' caches): started by
   * createApp, stopped by its close(). A new reaction is one more processor here, built once.
   */
  processors: Processor[];
  /** Structured log lines (pino): no personal data. */
  log: Logger;
  /** The advance forms' photos: uploads, the check before a form is recorded, the clean-up after erasure. */
  photos: PhotoStorage;
  /** The media library: images for articles, uploaded by staff or copied by the feed importer (docs/media.md). */
  media: MediaLibrary;
};

export function metadataOf(ctx: Context, origin: Origin = 'api'): EventMetadata {
  const user = ctx.state.user as SessionUser | null;
  return { actor: user ? { id: user.id, username: user.username, role: user.role } : null, origin, requestId: ctx.state.requestId };
}

/** Runs one command as the request's actor. `newStream`: the id was just generated here, nothing to read. */
export function runCommand<S, C, E extends NewEvent>(
  services: AppServices,
  ctx: Context,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  options: HandleOptions & { origin?: Origin } = {},
) {
  const { origin, ...handling } = options;
  return handle(services.store, decider, streamId, command, metadataOf(ctx, origin), handling);
}

/** Reads and validates the JSON body; a failure is a 400 with each field's Spanish message. */
export async function parseBody<T extends ZodType>(ctx: Context, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(ctx);
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequest('El cuerpo de la solicitud debe ser un objeto JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new BadRequest('Revise los campos marcados', fieldErrors(result.error));
  return result.data;
}

export function parseQuery<T extends ZodType>(ctx: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(ctx.query);
  if (!result.success) throw new BadRequest('Parámetros inválidos', fieldErrors(result.error));
  return result.data;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** The `:id` of the route, which must be a uuid; anything else cannot exist. */
export function idParam(ctx: Context, notFound: () => Error): string {
  const id = ctx.params?.id as string;
  if (!id || !isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** `limit` and `offset` of a list; out of bounds or not a whole number is a 400 naming the field. */
function paging(ctx: Context): Paging {
  return parseQuery(ctx, pagingQuery);
}

/**
 * A list's answer: the page `limit` and `offset` ask for (`read`), its items as a JSON array (through
 * `present` when they carry more), and the list's total in X-Total-Count.
 */
export async function answerList<T>(
  ctx: Context,
  read: (limit: number, offset: number) => Promise<{ items: T[]; total: number }>,
  present: (items: T[]) => unknown = (items) => items,
): Promise<void> {
  const { limit, offset } = paging(ctx);
  const page = await read(limit, offset);
  ctx.set('X-Total-Count', String(page.total));
  ctx.body = await present(page.items);
}
