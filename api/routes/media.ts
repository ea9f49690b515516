// The media library (docs/media.md): staff upload an image's bytes (POST /api/media), list the library
// with where each image is used, and an admin deletes one no article shows. Every file is served to
// anyone from /media/{id}/{file}, cached for a year: an address never changes what it serves.
import { apiRouter } from './router';
import { maxMediaBytes, mediaFilePattern, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../domain';
import { answerList, idParam, metadataOf, type AppServices } from '../context';
import { requireAdmin, requireStaff } from '../auth/access';
import { readBodyUpTo } from '../middleware/body';
import { isMediaUploadType, mediaMessages } from '../media/images';

const notFound = () => new NotFound('Imagen no encontrada');
const lowerUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isMediaFilePath = (id: string, file: string) => lowerUuid.test(id) && mediaFilePattern.test(file);

export function mediaRoutes(services: AppServices) {
  const router = apiRouter();
  const { media } = services;

  router.post('/api/media', requireStaff, async (ctx) => {
    const type = ctx.request.type;
    if (!isMediaUploadType(type)) throw new UnsupportedMediaType(mediaMessages.unsupportedType);
    // The bytes are checked as they are: compressed ones would be no image, and decoding them could grow past the limit.
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding && encoding !== 'identity') throw new UnsupportedMediaType(mediaMessages.encoded);
    const tooLarge = () => new PayloadTooLarge(mediaMessages.tooLarge);
    if (Number(ctx.get('Content-Length')) > maxMediaBytes) throw tooLarge();
    const bytes = await readBodyUpTo(ctx.req, maxMediaBytes, tooLarge);
    ctx.status = 201;
    ctx.body = await media.add(bytes, type, metadataOf(ctx));
  });

  router.get('/api/media', requireStaff, (ctx) => answerList(ctx, services.read.media.list));

  router.get('/api/media/:id', requireStaff, async (ctx) => {
    const item = await services.read.media.byId(idParam(ctx, notFound));
    if (!item) throw notFound();
    ctx.body = item;
  });

  router.delete('/api/media/:id', requireAdmin, async (ctx) => {
    await media.remove(idParam(ctx, notFound), metadataOf(ctx));
    ctx.status = 204;
  });

  router.get('/media/:id/:file', async (ctx) => {
    const { id, file } = ctx.params as { id: string; file: string };
    // One spelling per file: an id in capitals or a name no image has is no address of ours.
    if (!isMediaFilePath(id, file)) throw new NotFound('Ruta no encontrada');
    const found = await media.file(id, file);
    if (!found) throw notFound();
    ctx.type = found.contentType;
    // Ids are never reused and an image is never edited in place: whatever a browser or proxy keeps stays right.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = found.bytes;
  });

  return router;
}
