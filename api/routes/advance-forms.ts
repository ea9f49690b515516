// /api/advance-forms: staff's and visitors' event-security surveys. A create with an Idempotency-Key
// (the offline draft's uuid) is repeatable: the key is the form's id, so a retry finds the record made,
// and a later save of the same draft sent with it is a new version of that record (a correction).
import { errorFields } from '../log';
import { randomUUID } from 'node:crypto';
import { idempotencyKey, requestHashOf } from '../idempotency';
import type { Context } from 'koa';
import { apiRouter } from './router';
import { NotFound, advanceFormInput, normalizeAdvanceForm, photoFields } from '../../domain';
import { advanceForm } from '../../events';
import { answerList, idParam, parseBody, runCommand, type AppServices } from '../context';
import { honeypot } from '../middleware/honeypot';
import { publicWriteLimit } from '../middleware/rate-limit';
import { openDuringSetup, requireAdmin, requireStaff } from '../auth/access';
import { withNotices } from '../notifications';

const notFound = () => new NotFound('Formulario no encontrado');

export function advanceFormRoutes(services: AppServices) {
  const router = apiRouter('/api/advance-forms');
  const read = services.read.advanceForms;

  async function submit(ctx: Context, submittedBy: string | null) {
    // The server's time of receipt, taken before anything slow: the device's clock is measured against it.
    const at = new Date();
    const key = idempotencyKey(ctx);
    const form = normalizeAdvanceForm(await parseBody(ctx, advanceFormInput));
    await services.photos.checkForm(form);
    const id = key ?? randomUUID();
    const requestHash = requestHashOf({ form, scope: submittedBy ? 'staff' : 'public' });
    const command = { type: 'Submit' as const, form, submittedBy, requestHash, at, deviceTime: deviceTimeOf(ctx) };
    // Two sends of one draft at once: the loser reads the stream again and decides again; the decision
    // does not depend on their order (a repeat, or the older of two saves, records nothing).
    await runCommand(services, ctx, advanceForm, id, command, { origin: key ? 'offline-sync' : 'api', newStream: !key, retryOnConflict: true });
    ctx.status = 201;
    ctx.body = await read.byId(id);
    if (!ctx.body) throw notFound();
  }

  router.post('/public', publicWriteLimit(services.db, services.config.publicWriteLimit, 'advance-form'), honeypot, (ctx) => submit(ctx, null));
  // Drafts done offline are sent even before the account's set-up is finished.
  router.post('/', openDuringSetup, requireStaff, (ctx) => submit(ctx, ctx.state.user.id));

  router.get('/', requireStaff, (ctx) => answerList(ctx, read.list, (items) => withNotices(services.notices, items)));

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

/**
 * The device's clock when it sent the form (`Device-Time`, an ISO date-time), or null. Only measured,
 * never judged: a header that cannot be read is ignored, and no clock, however wrong, refuses a form.
 */
function deviceTimeOf(ctx: Context): string | null {
  const header = ctx.get('Device-Time').trim();
  const time = header.length <= 40 ? Date.parse(header) : Number.NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}
