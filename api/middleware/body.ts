// JSON bodies are read only by the routes that take one, when they ask (parseBody): after routing and
// after the session and role checks, so an anonymous request to a staff route never costs a parse.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { BadRequest, UnsupportedMediaType } from '../../domain';
import { hasUnreadable } from './errors';

const parseJson = koaBody({ json: true, jsonLimit: '2mb', urlencoded: false, text: false, multipart: false });
const alreadyRead = Symbol('body read');

/** What the body reader decodes (the 2 MB limit counts the decoded bytes). */
const decodable = new Set(['identity', 'gzip', 'deflate', 'br']);
const notEncodedAsSaid = 'El cuerpo de la solicitud no está comprimido como dice Content-Encoding';

/** The request's JSON body (read once); text the database could not store is a 400. */
export async function readJsonBody(ctx: Context): Promise<unknown> {
  const state = ctx.state as { [alreadyRead]?: boolean };
  if (!state[alreadyRead]) {
    const encoding = declaredEncoding(ctx);
    try {
      await parseJson(ctx, async () => {});
    } catch (error) {
      // The decompressor's errors carry no HTTP status: bytes that are not in their declared encoding.
      if (encoding !== 'identity' && typeof (error as { status?: unknown } | null)?.status !== 'number') throw new BadRequest(notEncodedAsSaid);
      throw error;
    }
    state[alreadyRead] = true;
  }
  const body = (ctx.request as { body?: unknown }).body;
  if (hasUnreadable(body)) throw new BadRequest('El texto contiene caracteres no válidos');
  return body;
}

/** The body's Content-Encoding, which names are case-insensitive; one the reader cannot decode is a 415. */
function declaredEncoding(ctx: Context): string {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase() || 'identity';
  if (!decodable.has(encoding)) throw new UnsupportedMediaType('Codificación del cuerpo no admitida: envíelo sin Content-Encoding, o con gzip, deflate o br');
  // The decompressor knows the names in lower case only.
  if (ctx.req.headers['content-encoding'] !== undefined) ctx.req.headers['content-encoding'] = encoding;
  return encoding;
}

/**
 * A raw request body (a photo, an image), refused with `tooLarge()` as soon as it passes `limit` bytes:
 * counting stops there and the rest is left to Node, which discards it, so a huge upload is never held
 * in memory.
 */
export function readBodyUpTo(request: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        stop();
        request.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}
