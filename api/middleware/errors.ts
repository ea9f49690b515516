// Every failure becomes JSON `{ message, errors? }` with its status and a Spanish message; never a stack trace.
import type { Middleware } from 'koa';
import { z } from 'zod';
import { DomainError, fieldErrors } from '../../domain';
import { isDatabaseUnavailable } from '../../events';
import { errorFields } from '../log';

const unavailableMessage = 'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.';

/** Paths that belong to the API (and the photos and media library images it serves): their errors are JSON. */
const apiArea = /^\/(api|objects|media)\//;

const routerMessages: Record<number, string> = {
  404: 'Ruta no encontrada',
  405: 'Esta ruta no admite ese método',
  501: 'Método no admitido',
};

export const errorHandler: Middleware = async (ctx, next) => {
  try {
    await next();
    // What the router answers by itself (no route at the address, or none for the method: its Allow header stays).
    const message = ctx.body === undefined && apiArea.test(ctx.path) ? routerMessages[ctx.status] : undefined;
    if (message) {
      const status = ctx.status;
      ctx.body = { message };
      ctx.status = status;
    }
  } catch (caught) {
    const error = caught as { status?: number; type?: string; code?: string; message?: string; stack?: unknown } | null;
    if (error instanceof DomainError) {
      ctx.status = error.status;
      ctx.body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    } else if (error instanceof z.ZodError) {
      ctx.status = 400;
      ctx.body = { message: 'Datos inválidos', errors: fieldErrors(error) };
    } else if (isDatabaseUnavailable(error)) {
      // An outage, not a fault of the request: a quick 503 that clients and proxies may retry.
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { message: unavailableMessage };
      ctx.log.warn({ requestId: ctx.state.requestId, ...errorFields(error), stack: undefined }, 'database unavailable');
    } else if (error?.status === 413 || error?.type === 'entity.too.large') {
      ctx.status = 413;
      ctx.body = { message: 'La solicitud es demasiado grande' };
    } else if (error?.status === 400 || error?.type === 'entity.parse.failed') {
      ctx.status = 400;
      ctx.body = { message: 'El cuerpo de la solicitud no es JSON válido' };
    } else if (error?.status === 415) {
      ctx.status = 415;
      ctx.body = { message: 'Tipo de contenido no admitido' };
    } else {
      ctx.status = 500;
      ctx.body = { message: 'Error interno del servidor. Intente de nuevo más tarde.' };
      // Message, code and stack only: a database error carries the statement's parameters, which may be
      // a visitor's personal data, and the log is out of reach of erasure.
      ctx.log.error({ requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, ...errorFields(error) }, 'request failed');
    }
  }
};

/** NUL characters and lone surrogates: PostgreSQL cannot store them, and no person types them. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses.
const unreadable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnreadable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unreadable.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => unreadable.test(key) || hasUnreadable(item, depth + 1));
}

/**
 * Whether an address's path (decoded; one that cannot be decoded is left to the routes, which find
 * nothing there) or query holds text the database would refuse.
 */
export function hasUnreadableAddress(path: string, query: unknown): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return unreadable.test(decoded) || hasUnreadable(query);
}

/** Refuses, with a 400 the user can act on, a path or query the database would refuse (bodies: readJsonBody). */
export const rejectUnreadableText: Middleware = async (ctx, next) => {
  if (apiArea.test(ctx.path)) {
    try {
      decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      ctx.body = { message: 'La dirección contiene caracteres no válidos' };
      return;
    }
    if (hasUnreadableAddress(ctx.path, ctx.query)) {
      ctx.status = 400;
      ctx.body = { message: 'El texto contiene caracteres no válidos' };
      return;
    }
  }
  await next();
};

const publicReads = /^\/api\/(news(\/[^/]+)?|services)\/?$/;

/**
 * API answers: what a signed-in person reads is theirs ('private, no-store': no browser, proxy or
 * service-worker copy); visitors' published news and services may be kept but are revalidated.
 */
export const apiNoStore: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    // Errors too (they travel up to the error handler as exceptions): a 401 or 404 is not kept either.
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) {
      const publicRead = !ctx.state.user && ctx.method === 'GET' && publicReads.test(ctx.path) && ctx.status === 200;
      ctx.set('Cache-Control', ctx.state.user ? 'private, no-store' : publicRead ? 'no-cache' : 'no-store');
    }
  }
};
