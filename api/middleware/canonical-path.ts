// The API's, the photos' and the media library's paths have one spelling. Another spelling of a path (upper-case letters in
// its first segment, a trailing or doubled slash, a dot segment, an escaped letter, digit or slash) is
// refused here with 404, before sessions and routers, so no check anywhere can be passed by a path that
// means the same route written differently.
import type { Middleware } from 'koa';

const area = /^\/(api|objects|media)(\/|%2f|$)/i;
/** Characters a path never needs to escape: escaping one spells the same path another way. */
const plain = /[A-Za-z0-9\-._~/]/;

function isCanonicalPath(path: string): boolean {
  if (!/^\/(api|objects|media)\/./.test(path)) return false;
  if (path.endsWith('/') || path.includes('//') || /\/\.{1,2}(\/|$)/.test(path)) return false;
  for (const [, hex] of path.matchAll(/%([0-9a-fA-F]{2})/g)) {
    if (plain.test(String.fromCharCode(parseInt(hex, 16)))) return false;
  }
  return true;
}

export const canonicalPath: Middleware = async (ctx, next) => {
  if (area.test(ctx.path) && !isCanonicalPath(ctx.path)) {
    ctx.status = 404;
    ctx.body = { message: 'Ruta no encontrada' };
    return;
  }
  await next();
};
