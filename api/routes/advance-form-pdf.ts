// GET /api/advance-forms/{id}/pdf: the form as the document a client receives, with the reduced
// photo copies made at upload time (so this stays well under the 300 ms target) and the symbol font
// for what Helvetica cannot print (domain/pdf/text.ts).
import { apiRouter } from './router';
import { NotFound, advanceFormPdfName, photoFields, type PhotoField } from '../../domain';
import type { PdfPhoto } from '../../domain/advance-form-pdf';
import { idParam, type AppServices } from '../context';
import { errorFields } from '../log';
import { pdfSymbolFont } from '../pdf-font';
import { requireStaff } from '../auth/access';

/** attachment; filename="ASCII fallback"; filename*=UTF-8''exact name (RFC 6266 / 5987), for accents. */
function attachmentDisposition(name: string): string {
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function advanceFormPdfRoutes(services: AppServices) {
  const router = apiRouter();
  const { uploads } = services.photos;
  const notFound = () => new NotFound('Formulario no encontrado');

  router.get('/api/advance-forms/:id/pdf', requireStaff, async (ctx) => {
    const form = await services.read.advanceForms.byId(idParam(ctx, notFound));
    if (!form) throw notFound();
    const photos: Partial<Record<PhotoField, PdfPhoto>> = {};
    await Promise.all(
      photoFields.map(async (field) => {
        const link = form[field];
        const photo = link ? await uploads.pdfPhoto(link) : null;
        if (photo) photos[field] = photo;
      }),
    );
    const symbolFont = await pdfSymbolFont((error) => services.log.warn(errorFields(error), 'PDF symbol font missing: symbols are spelled out'));
    // Loaded on the first PDF, to keep the server's memory at rest low: jsPDF is some 20 MB.
    const { buildAdvanceFormPdf } = await import('../../domain/advance-form-pdf');
    const pdf = buildAdvanceFormPdf(form, { companyName: services.config.siteName, photos, symbolFont });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', attachmentDisposition(advanceFormPdfName(form.hostName, form.id)));
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  });

  return router;
}
