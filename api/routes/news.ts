// /api/news: the public list and article; staff's create, update and delete, an article's versions
// from the log (and restoring one), and its preview links (docs/news-editing.md).
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { apiRouter } from './router';
import {
  BadRequest,
  Conflict,
  maxArticleContent,
  NotFound,
  newsArticleInput,
  newsArticlePatch,
  newsListQuery,
  newsPreviewParam,
  newsRestoreInput,
  parseMediaUrl,
  type SessionUser,
} from '../../domain';
import { ConcurrencyError, newsArticle, type NewsArticleRecord, type Sql } from '../../events';
import { createdArticle, newsRevisions, readModels } from '../../projections';
import { idParam, parseBody, parseQuery, runCommand, type AppServices } from '../context';
import { sanitizeArticleHtml } from '../article-html';
import { requireAdmin, requireStaff } from '../auth/access';
import { previewLinks } from '../news-preview-links';

const notFound = () => new NotFound('Noticia no encontrada');
const emptiedContent = 'El contenido solo tenía elementos no permitidos (scripts, estilos o marcos de otros sitios) y quedaría vacío';
const grownContent = (length: number) =>
  `Una vez preparado para el sitio (los enlaces y las imágenes reciben atributos), el contenido ocupa ${length} caracteres y el máximo es ${maxArticleContent}: acórtelo`;
const versionNotFound = () => new NotFound('Versión no encontrada');
/** A save based on a version someone else has replaced since: nothing of it is written. */
const savedMeanwhile = () =>
  new Conflict('Otra persona guardó esta noticia mientras usted la editaba. Sus cambios no se guardaron: cargue la versión actual o conserve la suya.');
/** 'Publicar' on a card whose article someone changed after the list was read: the unseen text is not made public. */
const changedBeforePublishing = () =>
  new Conflict('Otra persona cambió esta noticia después de que usted la viera, y no se publicó: revise la versión actual antes de publicarla.');
/** A patch that only makes the article public ('Publicar' on a card), no field of it changed. */
const onlyPublishes = (input: Record<string, unknown>) =>
  Object.keys(input).length > 0 &&
  Object.entries(input).every(([key, value]) => (key === 'reviewRequired' && value === false) || (key === 'status' && value === 'published'));
const savedBeforeRestore = () =>
  new Conflict('Otra persona guardó esta noticia mientras usted veía sus versiones. No se restauró nada: revise la versión actual antes de restaurar.');

/** The version number of the path; anything but a whole positive number is a version nobody has. */
function versionParam(ctx: Context): number {
  const text = String(ctx.params.version ?? '');
  if (!/^[1-9]\d{0,8}$/.test(text)) throw versionNotFound();
  return Number(text);
}

export function newsRoutes(services: AppServices) {
  const router = apiRouter('/api/news');
  const { news } = services.read;
  const revisions = newsRevisions(services.store);
  const links = previewLinks(services.db);
  /**
   * An image of the media library must still be there: a deleted one would leave a broken picture.
   * Checked in the write's transaction, after the append lock that a deletion takes too (its own check
   * of the image's uses runs there): a deletion and a save sent at the same moment cannot both pass.
   * Only for a library image, so other writes keep sharing their transactions.
   */
  const imageStillThere = (image: string | null | undefined) => {
    const media = image ? parseMediaUrl(image) : null;
    if (!media) return undefined;
    return async (tx: Sql) => {
      if (!(await readModels(tx).media.byId(media.id)))
        throw new BadRequest('Revise los campos marcados', { image: 'La imagen ya no está en Medios: elija otra' });
    };
  };
  /**
   * Content as it is stored: cleaned of what article HTML may not hold. Text that the cleaning leaves
   * empty (only a script, a style, a frame of another site) is refused on its field, never saved blank;
   * so is text it makes longer than the limit, which would be refused at its next save.
   */
  const cleanContent = (html: string, field: 'content' | 'englishContent') => {
    const clean = sanitizeArticleHtml(html);
    if (html.trim() !== '' && clean.trim() === '') throw new BadRequest('Revise los campos marcados', { [field]: emptiedContent });
    if (clean.length > maxArticleContent) throw new BadRequest('Revise los campos marcados', { [field]: grownContent(clean.length) });
    return clean;
  };
  /** An article of the read table by the path's id, or 404. */
  const articleOf = async (ctx: Context) => {
    const article = await news.byId(idParam(ctx, notFound));
    if (!article) throw notFound();
    return article;
  };

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
      content: cleanContent(input.content, 'content'),
      image: input.image,
      imageAlt: input.imageAlt,
      category: input.category,
      author: input.author,
      publishedAt: (input.publishedAt ?? new Date()).toISOString(),
      reviewRequired: input.reviewRequired ?? false,
      // Published unless asked otherwise, as before statuses existed (the decider makes one waiting for review a draft).
      status: input.status ?? 'published',
      isImported: false,
      sourceId: null,
      sourceUrl: null,
      guidHash: null,
      englishTitle: input.englishTitle,
      englishExcerpt: input.englishExcerpt,
      englishContent: input.englishContent && cleanContent(input.englishContent, 'englishContent'),
    };
    const now = new Date().toISOString();
    await runCommand(services, ctx, newsArticle, id, { type: 'Create', record, now }, { newStream: true, check: imageStillThere(input.image) });
    ctx.status = 201;
    ctx.body = createdArticle(id, record);
  });

  router.patch('/:id', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const { expectedVersion, ...input } = await parseBody(ctx, newsArticlePatch);
    const patch: Partial<NewsArticleRecord> = { ...input, publishedAt: input.publishedAt?.toISOString() };
    // The importer's note was about the image: an image chosen by staff answers it (the dialog sends an
    // empty image with every save of an article without one, which answers nothing).
    if (input.image) patch.reviewNote = null;
    if (input.content !== undefined) patch.content = cleanContent(input.content, 'content');
    if (input.englishContent) patch.englishContent = cleanContent(input.englishContent, 'englishContent');
    const now = new Date().toISOString();
    // With the version it was based on, a save that did not see another's is refused (also one that
    // lands between this read of the stream and its append); without one, it is taken as it comes.
    await runCommand(services, ctx, newsArticle, id, { type: 'Update', patch, now }, { check: imageStillThere(input.image), expectedVersion }).catch(
      (error: unknown) => {
        if (!(error instanceof ConcurrencyError) || expectedVersion === undefined) throw error;
        throw onlyPublishes(input) ? changedBeforePublishing() : savedMeanwhile();
      },
    );
    ctx.body = await news.byId(id);
  });

  // The article as it stands now, whatever its status: the editor opens it from here, not only from a
  // list read earlier, which nothing refreshes while another person edits the article.
  router.get('/:id/current', requireStaff, async (ctx) => {
    ctx.body = await articleOf(ctx);
  });

  router.get('/:id/revisions', requireStaff, async (ctx) => {
    const list = await revisions.list(idParam(ctx, notFound));
    if (!list) throw notFound();
    ctx.body = list;
  });

  router.get('/:id/revisions/:version', requireStaff, async (ctx) => {
    const text = await revisions.text(idParam(ctx, notFound), versionParam(ctx));
    if (!text) throw versionNotFound();
    ctx.body = text;
  });

  // That version's text becomes the current one: a new event, so the restore is itself a version. With
  // the version the person was looking at, a restore that did not see another's save is refused.
  router.post('/:id/revisions/:version/restore', requireStaff, async (ctx) => {
    const id = idParam(ctx, notFound);
    const version = versionParam(ctx);
    const { expectedVersion } = await parseBody(ctx, newsRestoreInput);
    const text = await revisions.text(id, version);
    if (!text) throw versionNotFound();
    const { title, excerpt, content, englishTitle, englishExcerpt, englishContent } = text;
    const restored = { title, excerpt: excerpt ?? '', content: content ?? '', englishTitle, englishExcerpt, englishContent };
    await runCommand(services, ctx, newsArticle, id, { type: 'Restore', version, text: restored }, { expectedVersion }).catch((error: unknown) => {
      throw error instanceof ConcurrencyError && expectedVersion !== undefined ? savedBeforeRestore() : error;
    });
    ctx.body = await news.byId(id);
  });

  router.get('/:id/preview-link', requireStaff, async (ctx) => {
    const article = await articleOf(ctx);
    ctx.body = await links.active(article.id);
  });

  router.post('/:id/preview-link', requireStaff, async (ctx) => {
    const article = await articleOf(ctx);
    const { token, expiresAt } = await links.create(article.id, (ctx.state.user as SessionUser).id);
    const slug = encodeURIComponent(article.slug);
    const query = `?${newsPreviewParam}=${token}`;
    ctx.status = 201;
    ctx.body = {
      url: `${services.config.publicUrl}/noticias/${slug}${query}`,
      englishUrl: `${services.config.publicUrl}/en/news/${slug}${query}`,
      expiresAt: expiresAt.toISOString(),
    };
  });

  // Revoking ends every link of the article at once (each preview reads the table).
  router.delete('/:id/preview-link', requireAdmin, async (ctx) => {
    const article = await articleOf(ctx);
    await links.revoke(article.id);
    ctx.status = 204;
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    await runCommand(services, ctx, newsArticle, idParam(ctx, notFound), { type: 'Delete' });
    ctx.status = 204;
  });

  return router;
}
