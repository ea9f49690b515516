// What a person recognises of a session ('Chrome en Windows') and the long-lived device cookie by
// which a sign-in from a new device is noticed.
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Sql } from '../../events';

const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome en Linux', 'Safari en iOS'; 'Dispositivo desconocido' for anything else (curl, scripts). */
export function deviceLabel(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Dispositivo desconocido';
}

const cookieName = 'did';
const oneYear = 365 * 24 * 60 * 60 * 1000;

/**
 * The browser's device id (a signed random cookie, set on its first sign-in) and whether this user
 * has signed in from it before. A user's very first sign-in is no news: nothing to compare with.
 */
export async function recognizeDevice(sql: Sql, ctx: Context, userId: string, secure: boolean): Promise<{ isNew: boolean }> {
  let deviceId = ctx.cookies.get(cookieName, { signed: true });
  if (!deviceId || !/^[A-Za-z0-9_-]{20,64}$/.test(deviceId)) {
    deviceId = randomBytes(24).toString('base64url');
    ctx.cookies.set(cookieName, deviceId, { signed: true, httpOnly: true, sameSite: 'lax', secure, maxAge: oneYear, overwrite: true });
  }
  const [known] = await sql.query('SELECT count(*)::int AS n FROM known_devices WHERE user_id = $1', [userId]);
  const inserted = await sql.query('INSERT INTO known_devices (user_id, device_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING device_id', [
    userId,
    deviceId,
  ]);
  return { isNew: inserted.length === 1 && Number(known.n) > 0 };
}
