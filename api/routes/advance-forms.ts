// /api/advance-forms: staff's and visitors' event-security surveys. A create with an Idempotency-Key
// (the offline draft's uuid) is repeatable: the key is the form's id, so a retry finds the record made.
import { errorFields } from '../log';
import { createHash, randomUUID } from 'node:crypto';
import { stableJson } from '../idempotency';
import type { Context } from 'koa';
import { apiRouter } from './router';
import { BadRequest, NotFound, advanceFormInput, normalizeAdvanceForm, photoFields, type AdvanceFormData } from '../../domain';
import { advanceForm } from '../../events';
import { idParam, isUuid, paging, parseBody, runCommand, type AppServices } from '../context';
import { honeypot } from '../middleware/honeypot';
import { publicWriteLimit } from '../middleware/rate-limit';
import { openDuringSetup, requireAdmin, requireStaff } from '../auth/access';
import { withNotices } from '../notifications';

const notFound = () => new NotFound('Formulario no encontrado');

export function advanceFormRoutes(services: AppServices) {
  const router = apiRouter('/api/advance-forms');
  const read = services.read.advanceForms;

  async function submit(ctx: Context, submittedBy: string | null) {
    const key = ctx.get('Idempotency-Key').trim();
    if (key && !isUuid(key)) throw new BadRequest('Idempotency-Key debe ser un UUID');
    const input = await parseBody(ctx, advanceFormInput);
    const form: AdvanceFormData = normalizeAdvanceForm(input);
    await services.photos.checkForm(form);
    const id = key ? key.toLowerCase() : randomUUID();
    const requestHash = createHash('sha256')
      .update(stableJson({ form, scope: submittedBy ? 'staff' : 'public' }))
      .digest('hex');
    const command = { type: 'Submit' as const, form, submittedBy, requestHash, at: new Date() };
    // Two tabs sending one draft at once: the loser re-reads the stream and finds the record made.
    await runCommand(services, ctx, advanceForm, id, command, { origin: key ? 'offline-sync' : 'api', newStream: !key, retryOnConflict: true });
    ctx.status = 201;
    ctx.body = await read.byId(id);
    if (!ctx.body) throw notFound();
  }

  router.post('/public', publicWriteLimit(services.db, services.config.publicWriteLimit, 'advance-form'), honeypot, (ctx) => submit(ctx, null));
  // Drafts done offline are sent even before the account's set-up is finished.
  router.post('/', openDuringSetup, requireStaff, (ctx) => submit(ctx, ctx.state.user.id));

  router.get('/', requireStaff, async (ctx) => {
    const { limit, offset } = paging(ctx);
    const page = await read.list(limit, offset);
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = await withNotices(services.notices, page.items);
  });

  router.get('/:id', requireStaff, async (ctx) => {
    const form = await read.byId(idParam(ctx, notFound));
    if (!form) throw notFound();
    ctx.body = form;
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx, notFound);
    const form = await read.byId(id);
    await runCommand(services, ctx, advanceForm, id, { type: 'Erase' });
    const photos = form ? photoFields.map((f) => form[f]).filter((link): link is string => Boolean(link)) : [];
    // The erasure has committed: a photo left behind by a failed clean-up is removed by the uploads sweep.
    await services.photos
      .releaseErased(photos)
      .catch((error) => services.log.warn({ formId: id, ...errorFields(error) }, 'photo clean-up after erasure failed'));
    ctx.status = 204;
  });

  return router;
}
