// Password hashing with scrypt (node:crypto): 'scrypt$N$r$p$salt$hash', compared in constant time.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const N = 16384, r = 8, p = 1, keylen = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keylen, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(rr), p: Number(pp) });
  return timingSafeEqual(key, expected);
}

/** A strong generated password for the first admin when none is configured. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** A hash to compare against when the user does not exist, so timing does not reveal usernames. */
export const dummyHash = hashPassword('contraseña-inexistente');
