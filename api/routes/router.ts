// Every API router is made here, matching paths exactly as written: letter case counts, so a route has
// one spelling (the canonical-path middleware refuses the others before any router sees them).
import Router from '@koa/router';

export const apiRouter = (prefix?: string) => new Router(prefix ? { prefix, sensitive: true } : { sensitive: true });
