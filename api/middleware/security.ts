// Security headers on every answer, a request id, and a same-origin check on state-changing requests.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Config } from '../config';
import { Forbidden, videoEmbedOrigins } from '../../domain';

export function securityHeaders(config: Config, options: { dev: boolean }): Middleware {
  const extraConnect = config.storageDriver === 'gcs' ? ' https://storage.googleapis.com' : '';
  return async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    // The nonce is made when a render asks for it: JSON answers and kept pages carry no inline script, and
    // their policy then allows none.
    let nonce: string | undefined;
    Object.defineProperty(ctx.state, 'cspNonce', { get: () => (nonce ??= randomBytes(16).toString('base64')), enumerable: true, configurable: true });
    await next();
    ctx.set('X-Request-Id', ctx.state.requestId);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (config.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!options.dev) {
      ctx.set(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob: https:",
          `connect-src 'self'${extraConnect}`,
          "font-src 'self' data:",
          // Videos in articles: the YouTube and Vimeo players only (domain/embeds.ts).
          `frame-src ${videoEmbedOrigins.join(' ')}`,
          "worker-src 'self'",
          "manifest-src 'self'",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join('; '),
      );
    }
  };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browsers send Origin (and Sec-Fetch-Site) on state-changing requests: refuse those from another site.
 * Clients without either (curl, server-to-server) are not browsers and carry no ambient cookies risk.
 */
export function sameOrigin(config: Config): Middleware {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  return async (ctx, next) => {
    if (unsafeMethods.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const crossSite = origin
        ? origin !== `${ctx.protocol}://${ctx.host}` && !allowed.has(origin) // 'null' (sandboxed, file:) never matches
        : ctx.get('Sec-Fetch-Site') === 'cross-site';
      if (crossSite) throw new Forbidden('Solicitud de otro origen rechazada');
    }
    await next();
  };
}
