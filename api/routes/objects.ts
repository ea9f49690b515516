// Venue photos: the upload URL a visitor asks for, the local driver's single-use PUT, and the photo
// itself, served to signed-in staff only and never cached (docs/rules.md, 'Advance forms and photos').
import type { Middleware } from 'koa';
import { apiRouter } from './router';
import { NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../domain';
import { isUuid, type AppServices } from '../context';
import { uploadLimit } from '../middleware/rate-limit';
import { honeypot } from '../middleware/honeypot';
import { openDuringSetup, requireStaff } from '../auth/access';
import { maxPhotoBytes, tooLargeMessage } from '../storage';
import { readBodyUpTo } from '../middleware/body';

export function objectRoutes(services: AppServices) {
  const router = apiRouter();
  const { uploads } = services.photos;
  const notFound = () => new NotFound('Foto no encontrada');

  router.post('/api/objects/upload', openDuringSetup, uploadLimit(services.db, services.config.publicWriteLimit), honeypot, async (ctx) => {
    ctx.body = await uploads.begin();
  });

  router.put('/api/objects/uploads/:id', openDuringSetup, async (ctx) => {
    const id = String(ctx.params.id);
    if (!isUuid(id)) throw notFound();
    const declared = Number(ctx.get('Content-Length'));
    if (declared > maxPhotoBytes) throw new PayloadTooLarge(tooLargeMessage);
    // The bytes are checked and stored as they arrive: compressed ones would be refused as no image,
    // and decoding them would let a small body grow past the size limit. Refused before the URL is spent.
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding && encoding !== 'identity') throw new UnsupportedMediaType('Envíe la foto sin Content-Encoding');
    await uploads.receive(id.toLowerCase(), ctx.query.exp, ctx.query.sig, (limit) => readBodyUpTo(ctx.req, limit, () => new PayloadTooLarge(tooLargeMessage)));
    ctx.body = { objectPath: `/objects/uploads/${id.toLowerCase()}` };
  });

  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'private, no-store');
    await next();
  };

  router.get('/objects/uploads/:id', noStore, requireStaff, async (ctx) => {
    const id = String(ctx.params.id);
    const photo = isUuid(id) ? await uploads.photo(id.toLowerCase()) : null;
    if (!photo) throw notFound();
    ctx.type = photo.contentType;
    ctx.body = photo.bytes;
  });

  return router;
}
