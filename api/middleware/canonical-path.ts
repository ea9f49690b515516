// The API's, the photos' and the media library's paths have one spelling. Another spelling of a path (upper-case letters in
// its first segment, a trailing or doubled slash, a dot segment, a backslash, an escaped letter, digit or
// slash) is refused here with 404, before sessions and routers, so no check anywhere can be passed by a
// path that means the same route written differently. A request target with no path at all is refused
// with 400. Pages are redirected to their one spelling instead (api/web/index.ts), by the same rule.
import type { Middleware } from 'koa';

const area = /^\/(api|objects|media)(\/|%2f|$)/i;
/** Characters a path never needs to escape: escaping one spells the same path another way. */
const plain = /[A-Za-z0-9\-._~/]/;

/**
 * The one spelling of `path` (a request's path, undecoded) as far as slashes and dots go: no doubled or
 * trailing slash, no '.' or '..' segment (escaped too, '%2e'), no backslash for a slash. Nothing else is
 * rewritten: other escapes stay as sent. Pages redirect to it (api/web/index.ts); the API refuses
 * any other spelling.
 */
export function canonicalSpelling(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '') continue;
    const dots = segment.replace(/%2e/gi, '.');
    if (dots === '.') continue;
    if (dots === '..') {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

function isCanonicalPath(path: string): boolean {
  if (!/^\/(api|objects|media)\/./.test(path)) return false;
  if (canonicalSpelling(path) !== path) return false;
  for (const [, hex] of path.matchAll(/%([0-9a-fA-F]{2})/g)) {
    if (plain.test(String.fromCharCode(parseInt(hex, 16)))) return false;
  }
  return true;
}

export const canonicalPath: Middleware = async (ctx, next) => {
  // A request target with no path: 'http://' alone (Koa reads its path as null) or '*'. Nothing here is
  // addressed without one.
  if (typeof ctx.path !== 'string' || !ctx.path.startsWith('/')) {
    ctx.status = 400;
    ctx.body = { message: 'Solicitud no válida: la dirección no tiene ruta' };
    return;
  }
  if (area.test(ctx.path) && !isCanonicalPath(ctx.path)) {
    ctx.status = 404;
    ctx.body = { message: 'Ruta no encontrada' };
    return;
  }
  await next();
};
