// /api/news: the public list and article, and staff's create, update and delete.
import { randomUUID } from 'node:crypto';
import { apiRouter } from './router';
import { NotFound, newsArticleInput, newsArticlePatch, newsListQuery } from '../../domain';
import { newsArticle, type NewsArticleRecord } from '../../events';
import { createdArticle } from '../../projections';
import { idParam, parseBody, parseQuery, runCommand, type AppServices } from '../context';
import { sanitizeArticleHtml } from '../article-html';
import { requireAdmin, requireStaff } from '../auth/access';

const notFound = () => new NotFound('Noticia no encontrada');

export function newsRoutes(services: AppServices) {
  const router = apiRouter('/api/news');
  const { news } = services.read;

  router.get('/', async (ctx) => {
    const query = parseQuery(ctx, newsListQuery);
    if (ctx.state.user) {
      const page = await services.news.list(query);
      ctx.set('X-Total-Count', String(page.total));
      ctx.type = 'application/json';
      ctx.body = page.json;
      return;
    }
    // Visitors always see published articles only, whatever they ask for, as summaries (no content).
    const page = await services.news.published(query);
    ctx.set('X-Total-Count', String(page.total));
    ctx.type = 'application/json';
    ctx.body = page.json;
  });

  router.get('/:slug', async (ctx) => {
    const article = await news.bySlug(ctx.params.slug, Boolean(ctx.state.user));
    if (!article) throw new NotFound('Artículo no encontrado');
    ctx.body = article;
  });

  router.post('/', requireStaff, async (ctx) => {
    const input = await parseBody(ctx, newsArticleInput);
    const id = randomUUID();
    const record: NewsArticleRecord = {
      title: input.title,
      slug: input.slug,
      excerpt: input.excerpt,
      content: sanitizeArticleHtml(input.content),
      image: input.image,
      category: input.category,
      author: input.author,
      publishedAt: (input.publishedAt ?? new Date()).toISOString(),
      reviewRequired: input.reviewRequired ?? false,
      isImported: false,
      sourceId: null,
      sourceUrl: null,
      guidHash: null,
      englishTitle: input.englishTitle,
      englishExcerpt: input.englishExcerpt,
      englishContent: input.englishContent && sanitizeArticleHtml(input.englishContent),
    };
    await runCommand(services, ctx, newsArticle, id, { type: 'Create', record }, { newStream: true });
    ctx.status = 201;
    ctx.body = createdArticle(id, record);
  });

  router.patch('/:id', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const input = await parseBody(ctx, newsArticlePatch);
    const patch: Partial<NewsArticleRecord> = { ...input, publishedAt: input.publishedAt?.toISOString() };
    if (input.content !== undefined) patch.content = sanitizeArticleHtml(input.content);
    if (input.englishContent) patch.englishContent = sanitizeArticleHtml(input.englishContent);
    await runCommand(services, ctx, newsArticle, id, { type: 'Update', patch });
    ctx.body = await news.byId(id);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    await runCommand(services, ctx, newsArticle, idParam(ctx, notFound), { type: 'Delete' });
    ctx.status = 204;
  });

  return router;
}
