// The keys that sign the session cookie, as koa's cookies use them (keygrip's interface and its
// signatures: HMAC-SHA1, base64url without padding, so cookies signed before stay valid).
//
// keygrip checks a signature by signing the value again and comparing with tsscmp, which draws random
// bytes and computes two more HMACs to compare in constant time: four crypto calls on every request
// of a signed-in user, about a tenth of the server's CPU for a staff search. Here a value's signatures
// are kept once computed (a small bounded map: the values are session ids), and compared with
// crypto.timingSafeEqual.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';

const sign = (key: string, data: string) => createHmac('sha1', key).update(data).digest('base64url');

/** What koa takes as `app.keys` besides a list of strings (a Keygrip). */
type Keys = Exclude<Koa['keys'], string[]>;

export function signingKeys(keys: readonly string[], kept = 10_000): Keys {
  if (keys.length === 0) throw new Error('at least one signing key is needed');
  const signatures = new LRUCache<string, readonly Buffer[]>({ max: kept });
  const signaturesOf = (data: string) => {
    let known = signatures.get(data);
    if (!known) signatures.set(data, (known = keys.map((key) => Buffer.from(sign(key, data)))));
    return known;
  };
  const index = (data: unknown, digest: string) => {
    if (typeof digest !== 'string') return -1;
    const given = Buffer.from(digest);
    return signaturesOf(String(data)).findIndex((expected) => expected.length === given.length && timingSafeEqual(expected, given));
  };
  return {
    sign: (data: unknown) => signaturesOf(String(data))[0].toString(),
    index,
    verify: (data: unknown, digest: string) => index(data, digest) > -1,
  };
}
