// The local driver's upload URL: `/api/objects/uploads/{id}?exp=…&sig=…`, an HMAC of the id and the
// expiry with SESSION_SECRET, so nobody can make one up or stretch its life.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const uploadUrlLifetimeMs = 15 * 60 * 1000;

const signatureOf = (secret: string, id: string, expires: number) => createHmac('sha256', secret).update(`upload:${id}:${expires}`).digest('base64url');

export function signedUploadPath(secret: string, id: string, expires: number): string {
  return `/api/objects/uploads/${id}?exp=${expires}&sig=${signatureOf(secret, id, expires)}`;
}

export type SignatureCheck = 'valid' | 'forged' | 'expired';

export function checkUploadSignature(secret: string, id: string, exp: unknown, sig: unknown, now = Date.now()): SignatureCheck {
  const expires = Number(exp);
  if (typeof sig !== 'string' || !Number.isSafeInteger(expires)) return 'forged';
  const expected = Buffer.from(signatureOf(secret, id, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  return expires < now ? 'expired' : 'valid';
}
