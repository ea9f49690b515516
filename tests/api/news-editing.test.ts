// Writing the news: statuses (draft, scheduled, published, and the review queue as drafts), preview
// links for people without an account, versions read from the log and restored, and the one kind of
// frame article HTML may hold. Scheduled publication has its own file (news-schedule.test.ts).
import { randomUUID } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { publicQueries } from '../../api/app';
import { siteInfo } from '../../api/config';
import { sanitizeArticleHtml } from '../../api/article-html';
import type { NewsArticle } from '../../domain';
import { handle, newsArticle } from '../../events';
import { serverPages } from '../../pwa/server-pages';
import { articleKey } from '../../pwa/features/news/keys';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { article, create, everywhere, inFuture, nowhere, publicPlaces, publishedEvents } from '../helpers/news-writing';

let app: TestApp;
let admin: Client;
let visitor: Client;

/** The article page as the server renders it for this search (`?vista-previa=...`): its head and the article it shows. */
async function articlePage(target: TestApp, slug: string, search: string, staff = false) {
  const queries = publicQueries(target.services);
  const queryClient = new QueryClient();
  const result = await serverPages.article({
    queryClient,
    data: { ...queries, previewArticle: (token, s) => queries.previewArticle(token, s, staff) },
    site: siteInfo(target.config),
    params: { slug },
    search,
    param: (name) => new URLSearchParams(search).get(name),
    lang: 'es',
  });
  return { ...result, article: queryClient.getQueryData<NewsArticle | null>(articleKey(slug)) ?? null };
}

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
});
test.after(async () => {
  await app.close();
});

test('a draft is staff-only until it is published; publishing is its own event', async () => {
  const draft = await create(admin, { status: 'draft', title: 'Borrador sobre micrófonos' });
  assert.is(draft.status, 'draft');
  assert.equal(await publicPlaces(app, draft.slug, draft.title), nowhere);
  const drafts = await admin.get('/api/news?status=draft&limit=100');
  assert.ok(drafts.body.some((item: NewsArticle) => item.id === draft.id));
  assert.not.ok((await admin.get('/api/news?status=published&limit=100')).body.some((item: NewsArticle) => item.id === draft.id));
  // Visitors asking for drafts get published articles only.
  assert.not.ok((await visitor.get('/api/news?status=draft&limit=100')).body.some((item: NewsArticle) => item.id === draft.id));

  const published = await admin.patch(`/api/news/${draft.id}`, { status: 'published' });
  assert.is(published.status, 200, published.text);
  assert.is(published.body.status, 'published');
  assert.equal(await publicPlaces(app, draft.slug, draft.title), everywhere);
  assert.is(await publishedEvents(app, draft.id), 1);

  // Back to draft: gone from every public answer again.
  assert.is((await admin.patch(`/api/news/${draft.id}`, { status: 'draft' })).body.status, 'draft');
  assert.equal(await publicPlaces(app, draft.slug, draft.title), nowhere);
});

test("the editor reads an article as it stands now by its id, a draft too, staff only; another's change since is there", async () => {
  const draft = await create(admin, { status: 'draft', title: 'Borrador leído de nuevo' });
  // Changed after a list was read, and its slug too: the id still finds it.
  assert.is((await admin.patch(`/api/news/${draft.id}`, { title: 'Borrador cambiado por otra persona', slug: 'borrador-cambiado' })).status, 200);
  const current = await admin.get(`/api/news/${draft.id}/current`);
  assert.is(current.status, 200, current.text);
  assert.equal(
    { id: current.body.id, title: current.body.title, slug: current.body.slug, status: current.body.status, content: current.body.content },
    { id: draft.id, title: 'Borrador cambiado por otra persona', slug: 'borrador-cambiado', status: 'draft', content: draft.content },
  );
  const signedOut = await visitor.get(`/api/news/${draft.id}/current`);
  assert.is(signedOut.status, 401);
  assert.not.ok(signedOut.text.includes('Borrador cambiado'));
  const unknown = await admin.get('/api/news/00000000-0000-4000-8000-000000000000/current');
  assert.is(unknown.status, 404);
  assert.is(unknown.body.message, 'Noticia no encontrada');
  assert.is((await admin.get('/api/news/no-es-un-id/current')).status, 404);
});

test('content that the cleaning would leave empty (only a script, a style, a frame of another site) is a 400, never saved blank', async () => {
  const message = 'El contenido solo tenía elementos no permitidos (scripts, estilos o marcos de otros sitios) y quedaría vacío';
  for (const content of ['<script>alert(1)</script>', '<iframe src="https://evil.example/x"></iframe>', '<style>p{}</style>']) {
    const answer = await admin.post('/api/news', article({ title: `Vacía ${content.slice(1, 7)}`, content }));
    assert.is(answer.status, 400, content);
    assert.equal(answer.body.errors, { content: message }, content);
  }
  assert.not.ok((await admin.get('/api/news?status=all&search=Vacía')).body.length);
  const kept = await create(admin, { title: 'Texto que se queda' });
  for (const patch of [{ content: '<style>p{}</style>' }, { englishContent: '<script>x()</script>' }]) {
    const answer = await admin.patch(`/api/news/${kept.id}`, patch);
    assert.is(answer.status, 400, JSON.stringify(patch));
    assert.equal(answer.body.errors, { [Object.keys(patch)[0]]: message });
  }
  const now = (await admin.get(`/api/news/${kept.id}/current`)).body;
  assert.equal({ content: now.content, englishContent: now.englishContent }, { content: kept.content, englishContent: kept.englishContent });
});

test("a publication day alone is that day's midnight in Costa Rica, so the article is listed on that day", async () => {
  const answer = await admin.post('/api/news', article({ title: 'Publicada un día', publishedAt: '2026-03-05' }));
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.publishedAt, '2026-03-05T06:00:00.000Z');
  const onThatDay = await admin.get('/api/news?status=all&dateFrom=2026-03-05&dateTo=2026-03-05&search=Publicada');
  assert.equal(
    onThatDay.body.map((item: NewsArticle) => item.title),
    ['Publicada un día'],
  );
});

test('a publication date that names no real day or time is a 400, never rolled over to another day', async () => {
  for (const publishedAt of [
    '2026-02-30T10:00:00Z',
    '2026-04-31',
    '2026-03-05T24:00:00Z',
    '2026-03-05T10:60:00-06:00',
    '2026-02-30T10:00:00',
    '2026-03-14T24:00',
  ]) {
    const answer = await admin.post('/api/news', article({ title: `Fecha imposible ${publishedAt}`, publishedAt }));
    assert.is(answer.status, 400, publishedAt);
    assert.equal(answer.body.errors, { publishedAt: 'Fecha de publicación inválida' }, publishedAt);
  }
  assert.not.ok((await admin.get('/api/news?status=all&search=imposible')).body.length);
  const leap = await admin.post('/api/news', article({ title: 'Fecha bisiesta', status: 'scheduled', publishedAt: '2028-02-29T23:59:59-06:00' }));
  assert.is(leap.status, 201, leap.text);
  assert.is(leap.body.publishedAt, '2028-03-01T05:59:59.000Z');
});

test('the review queue keeps its meaning: an article waiting for review is a draft, status=pending lists it, "Publicar" publishes it', async () => {
  const pending = await create(admin, { reviewRequired: true, status: 'published' });
  assert.is(pending.status, 'draft', 'waiting for review is never public, whatever status was sent');
  assert.is(pending.reviewRequired, true);
  assert.ok((await admin.get('/api/news?status=pending&limit=100')).body.some((item: NewsArticle) => item.id === pending.id));
  assert.ok((await admin.get('/api/news?status=draft&limit=100')).body.some((item: NewsArticle) => item.id === pending.id));
  const all = await admin.get('/api/news?status=all&limit=100');
  assert.ok(all.body.some((item: NewsArticle) => item.id === pending.id));
  const published = await admin.patch(`/api/news/${pending.id}`, { reviewRequired: false });
  assert.equal([published.body.status, published.body.reviewRequired], ['published', false]);
  assert.not.ok((await admin.get('/api/news?status=pending&limit=100')).body.some((item: NewsArticle) => item.id === pending.id));
  // 'Publicar' names the version the card showed: a text someone changed since is not made public unseen.
  const changed = await create(admin, { reviewRequired: true });
  assert.is((await admin.patch(`/api/news/${changed.id}`, { excerpt: 'Resumen cambiado después.', expectedVersion: changed.version })).status, 200);
  const stale = await admin.patch(`/api/news/${changed.id}`, { reviewRequired: false, expectedVersion: changed.version });
  assert.is(stale.status, 409, stale.text);
  assert.is(
    stale.body.message,
    'Otra persona cambió esta noticia después de que usted la viera, y no se publicó: revise la versión actual antes de publicarla.',
  );
  assert.equal(((await admin.get(`/api/news/${changed.id}/current`)).body as NewsArticle).reviewRequired, true, 'still waiting for review');
  const reviewed = await admin.patch(`/api/news/${changed.id}`, { reviewRequired: false, expectedVersion: changed.version + 1 });
  assert.equal([reviewed.body.status, reviewed.body.reviewRequired], ['published', false]);
  // Scheduling an article waiting for review is its review too.
  const another = await create(admin, { reviewRequired: true });
  const scheduled = await admin.patch(`/api/news/${another.id}`, { status: 'scheduled', publishedAt: inFuture(3_600_000) });
  assert.equal([scheduled.body.status, scheduled.body.reviewRequired], ['scheduled', false]);
  assert.ok((await admin.get('/api/news?status=scheduled&limit=100')).body.some((item: NewsArticle) => item.id === another.id));
  assert.is((await admin.post('/api/news', article({ status: 'archivada' }))).status, 400);
});

test("a published article is public at once, so its date cannot be ahead of now: a later one is 'Programada'", async () => {
  const later = inFuture(24 * 3_600_000);
  const refused = { publishedAt: "Una noticia publicada no puede tener una fecha futura: para que aparezca en esa fecha, elija el estado 'Programada'" };
  for (const status of ['published', undefined]) {
    const answer = await admin.post('/api/news', article({ title: `Publicada para mañana ${status}`, status, publishedAt: later }));
    assert.is(answer.status, 400, answer.text);
    assert.equal(answer.body.errors, refused);
  }
  assert.not.ok((await admin.get('/api/news?status=all&search=mañana').then((r) => r.body)).length, 'nothing stored');
  // A device's clock a minute fast is not a plan to publish later.
  const now = await create(admin, { status: 'published', publishedAt: inFuture(60_000) });
  assert.is(now.status, 'published');
  // The same date scheduled: hidden until then.
  const scheduled = await create(admin, { status: 'scheduled', publishedAt: later });
  assert.equal(await publicPlaces(app, scheduled.slug, scheduled.title), nowhere);
  // Published without a date, or with one ahead, it is refused; dated now, it goes public.
  const early = await admin.patch(`/api/news/${scheduled.id}`, { status: 'published' });
  assert.is(early.status, 400, early.text);
  assert.equal(early.body.errors, refused);
  const draft = await create(admin, { status: 'draft', publishedAt: later });
  assert.equal((await admin.patch(`/api/news/${draft.id}`, { status: 'published' })).body.errors, refused);
  const published = await admin.patch(`/api/news/${scheduled.id}`, { status: 'published', publishedAt: new Date().toISOString() });
  assert.is(published.body.status, 'published', published.text);
  // A published article moved ahead is refused; its other changes are not.
  const moved = await admin.patch(`/api/news/${now.id}`, { publishedAt: later });
  assert.is(moved.status, 400, moved.text);
  assert.equal(moved.body.errors, refused);
  assert.is((await admin.patch(`/api/news/${now.id}`, { title: 'Título corregido', publishedAt: now.publishedAt, status: 'published' })).status, 200);
  // An article published with a date ahead before this rule (or by another path) can still be edited as
  // the dialog saves it, with its date as it is.
  const id = randomUUID();
  const old = {
    ...article({ title: 'Publicada antes de la regla' }),
    image: null,
    imageAlt: null,
    publishedAt: later,
    reviewRequired: false,
    status: 'published' as const,
    isImported: false,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
  };
  await handle(
    app.services.store,
    newsArticle,
    id,
    { type: 'Create', record: old as never },
    { actor: null, origin: 'api', requestId: 'prueba' },
    { newStream: true },
  );
  const edited = await admin.patch(`/api/news/${id}`, { title: 'Publicada antes, corregida', status: 'published', publishedAt: later });
  assert.is(edited.status, 200, edited.text);
});

test('a preview link shows any article to someone without an account, never indexed, until it is revoked', async () => {
  const draft = await create(admin, { status: 'draft', title: 'Borrador para revisar' });
  const link = await admin.post(`/api/news/${draft.id}/preview-link`);
  assert.is(link.status, 201, link.text);
  const url = new URL(link.body.url);
  assert.is(url.pathname, `/noticias/${draft.slug}`);
  assert.ok(new URL(link.body.englishUrl).pathname.startsWith('/en/news/'));
  const week = Date.parse(link.body.expiresAt) - Date.now();
  assert.ok(week > 6.9 * 86_400_000 && week <= 7 * 86_400_000, `expires in ${week} ms`);
  assert.equal((await admin.get(`/api/news/${draft.id}/preview-link`)).body, { count: 1, expiresAt: link.body.expiresAt });

  const seen = await articlePage(app, draft.slug, url.search);
  assert.is(seen.article?.id, draft.id);
  assert.is(seen.head.noindex, true);
  assert.not.ok(seen.notFound);
  // Without the link (or with a made-up one) the draft does not exist for a visitor.
  assert.is((await articlePage(app, draft.slug, '')).article, null);
  assert.is((await articlePage(app, draft.slug, '?vista-previa=inventado')).notFound, true);
  // Signed-in staff preview any article without a link.
  assert.is((await articlePage(app, draft.slug, '?vista-previa=', true)).article?.id, draft.id);

  // A collaborator may make links; revoking is a DELETE, for admins.
  const collaborator = await app.userWithRole('colaborador');
  assert.is((await collaborator.post(`/api/news/${draft.id}/preview-link`)).status, 201);
  assert.is((await collaborator.delete(`/api/news/${draft.id}/preview-link`)).status, 403);
  assert.is((await visitor.post(`/api/news/${draft.id}/preview-link`)).status, 401);

  assert.is((await admin.delete(`/api/news/${draft.id}/preview-link`)).status, 204);
  const revoked = await articlePage(app, draft.slug, url.search);
  assert.is(revoked.article, null);
  assert.is(revoked.notFound, true);
  assert.equal((await admin.get(`/api/news/${draft.id}/preview-link`)).body, { count: 0, expiresAt: null });
});

test('a preview link stops working once it expires', async () => {
  const draft = await create(admin, { status: 'draft' });
  const link = await admin.post(`/api/news/${draft.id}/preview-link`);
  const search = new URL(link.body.url).search;
  assert.is((await articlePage(app, draft.slug, search)).article?.id, draft.id);
  // Seven days later, as far as the link is concerned.
  await app.services.db.query(`UPDATE news_preview_links SET expires_at = now() - interval '1 second' WHERE article_id = $1`, [draft.id]);
  assert.is((await articlePage(app, draft.slug, search)).article, null);
});

test('every save that changes the text is a version with who and when; restoring one is a new version', async () => {
  const created = await create(admin, { status: 'draft', title: 'Primera versión', content: '<p>Texto original</p>' });
  const collaborator = await app.userWithRole('colaborador', 'redactora');
  await collaborator.patch(`/api/news/${created.id}`, { title: 'Segunda versión', content: '<p>Texto corregido</p>' });
  // Not the text: no version.
  await admin.patch(`/api/news/${created.id}`, { author: 'Otra autora' });
  await admin.patch(`/api/news/${created.id}`, { englishTitle: 'Third version' });

  const list = await admin.get(`/api/news/${created.id}/revisions`);
  assert.is(list.status, 200, list.text);
  assert.equal(
    list.body.map((revision: { version: number; by: string; title: string }) => [revision.version, revision.by, revision.title]),
    [
      [4, 'admin', 'Segunda versión'],
      [2, 'redactora', 'Segunda versión'],
      [1, 'admin', 'Primera versión'],
    ],
  );
  assert.ok(list.body.every((revision: { at: string }) => !Number.isNaN(Date.parse(revision.at))));

  const first = await admin.get(`/api/news/${created.id}/revisions/1`);
  assert.equal([first.body.title, first.body.content, first.body.englishTitle], ['Primera versión', '<p>Texto original</p>', null]);
  assert.is((await admin.get(`/api/news/${created.id}/revisions/3`)).status, 404, 'version 3 changed no text');
  assert.is((await admin.get(`/api/news/${created.id}/revisions/99`)).status, 404);
  assert.is((await admin.get(`/api/news/${created.id}/revisions/abc`)).status, 404);
  assert.is((await visitor.get(`/api/news/${created.id}/revisions`)).status, 401);

  const restored = await admin.post(`/api/news/${created.id}/revisions/1/restore`);
  assert.is(restored.status, 200, restored.text);
  assert.equal(
    [restored.body.title, restored.body.content, restored.body.englishTitle, restored.body.author],
    ['Primera versión', '<p>Texto original</p>', null, 'Otra autora'],
  );
  const after = (await admin.get(`/api/news/${created.id}/revisions`)).body;
  assert.equal([after[0].version, after[0].title, after[0].restoredFrom], [5, 'Primera versión', 1]);
  const history = await admin.get(`/api/history?streamId=${created.id}`);
  const restore = history.body.items.find((item: { type: string }) => item.type === 'NewsArticleRestored');
  assert.ok(restore, 'the restore is in the history');
  assert.equal(restore.changes.restoredFrom, { from: null, to: 1 });
  assert.equal(restore.changes.title, { from: 'Segunda versión', to: 'Primera versión' });
  // Restoring the version that is current changes nothing and records nothing.
  assert.is((await admin.post(`/api/news/${created.id}/revisions/5/restore`)).status, 200);
  assert.is((await admin.get(`/api/news/${created.id}/revisions`)).body.length, 4);
});

test('a restore names the version it was looking at: one another person saved since is refused, and nothing is restored', async () => {
  const admin = await app.admin();
  const created = (await admin.post('/api/news', article({ title: 'Versión uno', content: '<p>Uno</p>' }))).body;
  await admin.patch(`/api/news/${created.id}`, { title: 'Versión dos', expectedVersion: 1 });
  // What the person had in front of them: version 2. Someone else saves version 3 meanwhile.
  const collaborator = await app.userWithRole('colaborador', 'revisora');
  assert.is((await collaborator.patch(`/api/news/${created.id}`, { title: 'Versión tres', expectedVersion: 2 })).status, 200);

  const refused = await admin.post(`/api/news/${created.id}/revisions/1/restore`, { expectedVersion: 2 });
  assert.is(refused.status, 409, refused.text);
  assert.is(
    refused.body.message,
    'Otra persona guardó esta noticia mientras usted veía sus versiones. No se restauró nada: revise la versión actual antes de restaurar.',
  );
  const now = (await admin.get(`/api/news/${created.id}/current`)).body;
  assert.equal([now.title, now.version], ['Versión tres', 3]);
  assert.is((await admin.get(`/api/news/${created.id}/revisions`)).body.length, 3);

  for (const expectedVersion of [0, 2.5, '3', null]) {
    const bad = await admin.post(`/api/news/${created.id}/revisions/1/restore`, { expectedVersion });
    assert.is(bad.status, 400, `expectedVersion ${JSON.stringify(expectedVersion)}`);
    assert.is(bad.body.errors.expectedVersion, 'La versión de la noticia debe ser un número entero positivo');
  }

  const restored = await admin.post(`/api/news/${created.id}/revisions/1/restore`, { expectedVersion: 3 });
  assert.is(restored.status, 200, restored.text);
  assert.equal([restored.body.title, restored.body.version], ['Versión uno', 4]);
});

test('article HTML may embed YouTube (no-cookie) and Vimeo players only', () => {
  const youtube = sanitizeArticleHtml(
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Demostración" onload="alert(1)" style="x"></iframe>',
  );
  assert.match(youtube, /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="Demostración"/);
  assert.not.match(youtube, /onload|style/);
  assert.match(youtube, /sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"/);
  assert.match(
    sanitizeArticleHtml('<iframe src="https://player.vimeo.com/video/76979871"></iframe>'),
    /^<iframe src="https:\/\/player\.vimeo\.com\/video\/76979871" title="Video"/,
  );
  // YouTube's own embed code and an unlisted Vimeo video's player keep their video.
  assert.match(
    sanitizeArticleHtml(
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=Xy12" title="YouTube video player" frameborder="0"></iframe>',
    ),
    /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="YouTube video player"/,
  );
  assert.match(
    sanitizeArticleHtml('<iframe src="https://player.vimeo.com/video/123456789?h=abcdef1234&amp;badge=0"></iframe>'),
    /^<iframe src="https:\/\/player\.vimeo\.com\/video\/123456789\?h=abcdef1234" title="Video"/,
  );
  for (const refused of [
    '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>',
    '<iframe src="http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ/../../evil"></iframe>',
    '<iframe src="https://player.vimeo.com.evil.example/video/1"></iframe>',
    '<iframe src="https://evil.example/embed"><p>dentro</p></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe></iframe>',
    '<object data="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></object>',
    '<embed src="https://player.vimeo.com/video/1">',
  ]) {
    assert.is(sanitizeArticleHtml(refused), '', refused);
  }
});

test('a saved article keeps its embed; the pages allow frames from those players only', async () => {
  const saved = await create(admin, {
    content: '<p>Mire:</p><iframe src="https://player.vimeo.com/video/76979871" title="Demo"></iframe><iframe src="https://evil.example/x"></iframe>',
  });
  assert.match(saved.content, /player\.vimeo\.com\/video\/76979871/);
  assert.not.match(saved.content, /evil/);
  const answer = await visitor.get('/api/news');
  assert.match(answer.headers.get('content-security-policy') ?? '', /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/);
});

test.run();
