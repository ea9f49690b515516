// The website alone, over in-memory data and a minimal fake of the public API, for working on the
// pages without the database: `node --import tsx scripts/dev-web.ts [--prod] [--port 5173] [--empty]`.
// Not the product's server (that is api/server.ts); nothing here is imported by the app.
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { loadConfig } from '../api/config';
import { createWebMiddleware } from '../api/web';
import { PageCache } from '../api/web/page-cache';
import { newsListQuery, contactMessageInput, newsArticleInput, fieldErrors } from '../domain';
import { addFakeArticle, fakeNews, fakeQueries, listFakeNews, seedFakeNews } from './dev-fake-data';

const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || Number(process.env.PORT) || 5173;
const prod = args.includes('--prod');
if (!args.includes('--empty')) seedFakeNews();

const config = loadConfig(process.env, { port, publicUrl: process.env.PUBLIC_URL || `http://localhost:${port}` });
const app = new Koa();
const server = http.createServer();
const api = new Router({ prefix: '/api' });
const sessions = new Set<string>();
const signedIn = (ctx: Koa.Context) => sessions.has(ctx.cookies.get('sid') ?? '');

api.get('/news', (ctx) => {
  const { items, total } = listFakeNews(newsListQuery.parse(ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = items;
});
api.get('/news/:slug', async (ctx) => {
  const article = await fakeQueries.newsBySlug(ctx.params.slug);
  if (!article) ctx.throw(404, 'Artículo no encontrado');
  ctx.body = article;
});
api.post('/news', (ctx) => {
  if (!signedIn(ctx)) ctx.throw(401, 'Debe iniciar sesión');
  const parsed = newsArticleInput.safeParse(ctx.request.body);
  if (!parsed.success) return void ((ctx.status = 400), (ctx.body = { message: 'Datos inválidos', errors: fieldErrors(parsed.error) }));
  ctx.status = 201;
  ctx.body = addFakeArticle({ ...parsed.data, publishedAt: (parsed.data.publishedAt ?? new Date()).toISOString() });
});
api.get('/services', async (ctx) => void (ctx.body = await fakeQueries.listServices()));
api.post('/contact', (ctx) => {
  const parsed = contactMessageInput.safeParse(ctx.request.body);
  if (!parsed.success) return void ((ctx.status = 400), (ctx.body = { message: 'Datos inválidos', errors: fieldErrors(parsed.error) }));
  ctx.status = 201;
  ctx.body = { id: crypto.randomUUID(), ...parsed.data, status: 'unread', createdAt: new Date().toISOString() };
});
api.post('/auth/login', (ctx) => {
  const { username, password } = ctx.request.body as { username?: string; password?: string };
  if (username !== (process.env.ADMIN_USERNAME ?? 'admin') || password !== (process.env.ADMIN_PASSWORD ?? 'admin'))
    ctx.throw(401, 'Usuario o contraseña incorrectos');
  const sid = crypto.randomUUID();
  sessions.add(sid);
  ctx.cookies.set('sid', sid, { httpOnly: true, sameSite: 'lax' });
  ctx.body = { id: 'u1', username, role: 'admin' };
});

app.use(async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    ctx.status = status;
    ctx.body = { message: status === 500 ? 'Error interno' : (error as Error).message };
  }
});
app.use(koaBody());
app.use(api.routes());
app.use(await createWebMiddleware({ dev: !prod, httpServer: server, config, queries: fakeQueries, pages: new PageCache() }));
server.on('request', app.callback());
server.listen(port, () => console.log(`web ${prod ? '(producción)' : '(desarrollo)'} en http://localhost:${port} con ${fakeNews.length} noticias de prueba`));
