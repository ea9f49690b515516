// The honeypot of visitors' public writes (contact, the public advance form, the upload URL): a field
// `website` people never see (pwa/ui/Honeypot.tsx) and bots fill in. A body with it filled is refused
// here, with one 400 and one message, before anything else reads it (docs/rules.md, 'Who may call what').
import type { Middleware } from 'koa';
import { BadRequest } from '../../domain';
import { readJsonBody } from './body';

const honeypotMessage = 'No se pudo procesar el mensaje';

export const honeypot: Middleware = async (ctx, next) => {
  const body = await readJsonBody(ctx);
  if (body && typeof body === 'object' && (body as { website?: unknown }).website) throw new BadRequest(honeypotMessage);
  await next();
};
