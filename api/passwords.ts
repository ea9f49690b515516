// Password hashing with scrypt (node:crypto): 'scrypt$N$r$p$salt$hash', compared in constant time.
// Each hash costs about 16 MB and tens of milliseconds of a core, so only a few run at once and a
// bounded number wait: a flood of sign-ins gets a quick 503 instead of slowing every other request.
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ServiceUnavailable } from '../domain';

const rawScrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** At most `running` tasks at once and `waiting` queued; beyond that, `refuse()` is thrown at once. */
function concurrencyLimit(running: number, waiting: number, refuse: () => Error) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (queue.length >= waiting) throw refuse();
      await new Promise<void>((resolve) => queue.push(resolve));
    } else active += 1;
    try {
      return await task();
    } finally {
      const nextTask = queue.shift();
      if (nextTask)
        nextTask(); // the slot passes straight to the next waiter
      else active -= 1;
    }
  };
}

export const busyMessage = 'El servidor está ocupado. Intente de nuevo en unos segundos.';
const hashing = concurrencyLimit(Math.max(1, Math.min(4, availableParallelism())), 32, () => new ServiceUnavailable(busyMessage));
const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => hashing(() => rawScrypt(password, salt, keylen, options));

const N = 16384,
  r = 8,
  p = 1,
  keylen = 32;

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
