// Repeatable creates: a client sends an `Idempotency-Key` (a uuid it made for this submission) and the
// key becomes the new record's id and stream id, so a retry finds the record already made. The
// request's fingerprint tells a retry (same body: the same answer) from another body, which the record's
// decider judges: a reused key for a contact message (409), a later save of an advance form's draft.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { BadRequest } from '../domain';
import { isUuid } from './context';

/** The request's key, lower-cased; null when none was sent; 400 when it is no uuid. */
export function idempotencyKey(ctx: Context): string | null {
  const key = ctx.get('Idempotency-Key').trim();
  if (!key) return null;
  if (!isUuid(key)) throw new BadRequest('Idempotency-Key debe ser un UUID');
  return key.toLowerCase();
}

/** JSON with sorted keys: the same value always gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHashOf = (value: unknown) => createHash('sha256').update(stableJson(value)).digest('hex');
