// Authenticator-app codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) and the ten one-time recovery codes.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Sql } from '../../events';

/** Loaded on the first secret made, to keep the server's memory at rest low: most processes never draw a QR code. */
const qrcode = () => import('qrcode');

const period = 30;

function totpOf(secret: string, issuer = '', label = '') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** A new secret for `username`: the base32 text to type, the otpauth:// URI and its QR code as an SVG data URL. */
export async function newTotpSecret(issuer: string, username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, issuer, username).toString();
  const { default: QRCode } = await qrcode();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // A data: image, which the Content-Security-Policy's img-src allows (no inline script or style).
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a code belongs to, allowing one step of clock drift either way; null when wrong. */
function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

/**
 * Checks a code and spends it: a code accepted once is refused afterwards, even within its window
 * (someone who saw it over a shoulder cannot use it too). Safe across instances: the insert decides.
 */
export async function useTotpCode(sql: Sql, userId: string, secret: string, code: string): Promise<boolean> {
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const inserted = await sql.query('INSERT INTO totp_used_steps (user_id, step) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING step', [userId, step]);
  return inserted.length === 1;
}

export async function forgetOldTotpSteps(sql: Sql) {
  await sql.query(`DELETE FROM totp_used_steps WHERE used_at < now() - interval '1 hour'`);
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like 'k7m2p-9xq4r' (about 50 bits each), shown once; the account keeps their hashes. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Random 50-bit codes need no slow hash: SHA-256 of the normalised code is enough to keep them unreadable. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .digest('hex');

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
