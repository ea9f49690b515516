// Structured logs: one JSON line per event (pino), each request's line carrying its request id.
// What they never hold: bodies, query strings, addresses, names, e-mails, phones, session ids. A log
// is kept out of reach of erasure, so personal data must not enter it in the first place.
import type { Middleware } from 'koa';
import pino, { type Logger } from 'pino';

export type { Logger };

/** `write`: where the lines go (tests pass a sink to stay quiet); stdout otherwise. */
export function createLogger(options: { write?: (line: string) => void; level?: string } = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  const base = { service: 'contraespionaje-cr' };
  const settings = { level, base, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  return options.write ? pino(settings, { write: options.write }) : pino(settings);
}

/** What an error may say in a log: its class, code and message, and a short stack; never its parameters. */
export function errorFields(error: unknown): Record<string, unknown> {
  const e = error as { name?: string; code?: string; message?: string; stack?: string };
  const stack =
    typeof e?.stack === 'string'
      ? e.stack
          .split('\n')
          .slice(1, 6)
          .map((line) => line.trim())
      : undefined;
  return { errorName: e?.name, errorCode: e?.code, errorMessage: String(e?.message ?? error).slice(0, 300), stack };
}

/**
 * One line per answered request: method, route path (no query string: searches are a visitor's words),
 * status and duration. Health checks are left out, or they would drown everything else.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path !== '/healthz' && ctx.path !== '/readyz') {
        const fields = { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) };
        if (ctx.status >= 500) logger.warn(fields, 'request');
        else logger.info(fields, 'request');
      }
    }
  };
}

declare module 'koa' {
  interface DefaultContext {
    /** The app's logger (app.context.log). */
    log: Logger;
  }
}
