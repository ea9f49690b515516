// JSON bodies are read only by the routes that take one, when they ask (parseBody): after routing and
// after the session and role checks, so an anonymous request to a staff route never costs a parse.
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { BadRequest } from '../../domain';
import { hasUnreadable } from './errors';

const parseJson = koaBody({ json: true, jsonLimit: '2mb', urlencoded: false, text: false, multipart: false });
const alreadyRead = Symbol('body read');

/** The request's JSON body (read once); text the database could not store is a 400. */
export async function readJsonBody(ctx: Context): Promise<unknown> {
  const state = ctx.state as { [alreadyRead]?: boolean };
  if (!state[alreadyRead]) {
    await parseJson(ctx, async () => {});
    state[alreadyRead] = true;
  }
  const body = (ctx.request as { body?: unknown }).body;
  if (hasUnreadable(body)) throw new BadRequest('El texto contiene caracteres no válidos');
  return body;
}
