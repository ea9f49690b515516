// Web Crypto for drafts at rest (docs/offline.md, 'Drafts encrypted at rest'): AES-GCM with a random
// 96-bit IV per sealed value, and additional data naming what the value is, so a ciphertext moved to
// another draft, another version or another photo slot is refused like a changed one. No state here:
// the keys live in draft-keys.ts, the stored shape in drafts.ts.

const algorithm = 'AES-GCM';

/** A sealed value: its IV and the ciphertext with GCM's 16-byte tag at the end. */
export type SealedBytes = { iv: Uint8Array; data: ArrayBuffer };

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const subtle = () => globalThis.crypto.subtle;

const newIv = () => globalThis.crypto.getRandomValues(new Uint8Array(12));
const params = (iv: Uint8Array, aad: string): AesGcmParams => ({ name: algorithm, iv: iv as Uint8Array<ArrayBuffer>, additionalData: encoder.encode(aad) });

/** What a draft's record is sealed with: its id and its write version (a record copied over another, or rolled back, fails). */
export const draftAad = (id: string, version: number) => `draft:${id}:${version}`;
/** A photo's bytes: its draft and slot (the draft's sealed answers name the IV, so the exact bytes are pinned). */
export const photoAad = (draftId: string, field: string) => `draft-photo:${draftId}:${field}`;
/** A staff member's saved lists: whose, under which of their keys. */
export const staffListsAad = (userId: string, keyId: string) => `staff-lists:${userId}:${keyId}`;
/** A data key wrapped for a sign-in: whose, which key, and under which sign-in's secret. */
export const wrapAad = (owner: string, keyId: string, signInId: string) => `draft-key:${owner}:${keyId}:${signInId}`;

export async function sealBytes(key: CryptoKey, plain: BufferSource, aad: string): Promise<SealedBytes> {
  const iv = newIv();
  return { iv, data: await subtle().encrypt(params(iv, aad), key, plain) };
}

/** Throws (an OperationError) for a wrong key, changed bytes, IV or additional data. */
export function openBytes(key: CryptoKey, sealed: SealedBytes, aad: string): Promise<ArrayBuffer> {
  return subtle().decrypt(params(sealed.iv, aad), key, sealed.data);
}

export function sealJson(key: CryptoKey, value: unknown, aad: string): Promise<SealedBytes> {
  return sealBytes(key, encoder.encode(JSON.stringify(value)), aad);
}

export async function openJson<T>(key: CryptoKey, sealed: SealedBytes, aad: string): Promise<T> {
  return JSON.parse(decoder.decode(await openBytes(key, sealed, aad))) as T;
}

/**
 * A new data key. Extractable only so it can be wrapped once for the server's secret; what is kept on
 * the device is the non-extractable copy unwrapped from that (`unwrapDataKey(..., false)`).
 */
export function newDataKey(extractable: boolean): Promise<CryptoKey> {
  return subtle().generateKey({ name: algorithm, length: 256 }, extractable, ['encrypt', 'decrypt']);
}

/** The session's wrapping secret (32 bytes, base64url, from GET /api/auth/draft-key) as an AES key; kept in memory only. */
export function importWrappingKey(secret: string): Promise<CryptoKey> {
  return subtle().importKey('raw', fromBase64Url(secret), algorithm, false, ['wrapKey', 'unwrapKey']);
}

export async function wrapDataKey(dataKey: CryptoKey, wrappingKey: CryptoKey, aad: string): Promise<SealedBytes> {
  const iv = newIv();
  return { iv, data: await subtle().wrapKey('raw', dataKey, wrappingKey, params(iv, aad)) };
}

/** Throws for a wrong wrapping secret or changed bytes. */
export function unwrapDataKey(wrapped: SealedBytes, wrappingKey: CryptoKey, aad: string, extractable: boolean): Promise<CryptoKey> {
  return subtle().unwrapKey('raw', wrapped.data, wrappingKey, params(wrapped.iv, aad), { name: algorithm, length: 256 }, extractable, ['encrypt', 'decrypt']);
}

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(plain + '='.repeat((4 - (plain.length % 4)) % 4));
}
