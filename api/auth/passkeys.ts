// Passkeys (WebAuthn) through @simplewebauthn/server: registration by a signed-in user, and sign-in
// with a discoverable credential (no username typed). Each ceremony's challenge lives in the session.
import type { Context } from 'koa';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { BadRequest, Conflict } from '../../domain';
import { uniqueViolation, type PasskeyData } from '../../events';
import type { StoredPasskey } from '../../projections';
import type { Config } from '../config';

/** Loaded on the first ceremony: the library and its dependencies are some 30 MB of a server's memory, most of which never sees a passkey. */
const webauthn = () => import('@simplewebauthn/server');

/**
 * The relying party is the site's public host. Browsers refuse an IP address as its id, so a site
 * published on one (local tests on 127.0.0.1) uses passkeys from http://localhost on the same port.
 */
function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  const onIpAddress = /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.startsWith('[');
  const id = onIpAddress ? 'localhost' : url.hostname;
  const origins = onIpAddress ? [url.origin, `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`] : [url.origin];
  return { id, name: config.siteName, origins };
}

const challengeLifetimeMs = 5 * 60 * 1000;
type Ceremony = 'register' | 'sign-in';

function keepChallenge(ctx: Context, ceremony: Ceremony, challenge: string) {
  ctx.session!.passkeyChallenge = { ceremony, challenge, expires: Date.now() + challengeLifetimeMs };
}

/** The challenge handed out for this ceremony, spent on first use. */
function takeChallenge(ctx: Context, ceremony: Ceremony): string {
  const kept = ctx.session?.passkeyChallenge as { ceremony: Ceremony; challenge: string; expires: number } | undefined;
  if (ctx.session) delete ctx.session.passkeyChallenge;
  if (!kept || kept.ceremony !== ceremony || kept.expires < Date.now()) throw new BadRequest('La solicitud de la llave de acceso caducó. Intente de nuevo.');
  return kept.challenge;
}

/**
 * The longest credential id (base64url, so one byte a character) a passkey may have: a sign-in looks up
 * no longer one, so registration refuses it too, and the id, the passkeys table's key, stays well within
 * what a unique index holds (about 2,700 bytes). WebAuthn's own limit, 1,023 bytes, is 1,364 characters.
 */
const maxCredentialIdLength = 1399;
const credentialIdTooLong = 'La llave de acceso no es compatible: su identificador es demasiado largo. Use otra llave.';

const uuidBytes = (uuid: string) => Uint8Array.from(Buffer.from(uuid.replace(/-/g, ''), 'hex'));

export async function registrationOptions(ctx: Context, config: Config, account: { id: string; username: string }, existing: StoredPasskey[]) {
  const rp = relyingParty(config);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.username,
    userID: uuidBytes(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    // Discoverable: signing in needs no username, the authenticator offers the account.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  keepChallenge(ctx, 'register', options.challenge);
  return options;
}

export async function verifyRegistration(ctx: Context, config: Config, response: unknown, name: string): Promise<PasskeyData> {
  const rp = relyingParty(config);
  const expectedChallenge = takeChallenge(ctx, 'register');
  let result;
  try {
    result = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new BadRequest('No se pudo verificar la llave de acceso');
  }
  if (!result.verified) throw new BadRequest('No se pudo verificar la llave de acceso');
  const { credential } = result.registrationInfo;
  if (credential.id.length > maxCredentialIdLength) throw new BadRequest(credentialIdTooLong);
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name,
    createdAt: new Date().toISOString(),
  };
}

/** A credential is one account's: registering its id again, to that account or to another, is a 409. */
export const passkeyTaken = 'Esa llave de acceso ya está registrada';

/** The 409 for a registration that lost the race to another one of the same credential (the read table's key). */
export const passkeyConflictOf = (error: unknown): unknown => (uniqueViolation(error) === 'user_passkeys_pkey' ? new Conflict(passkeyTaken) : error);

export async function authenticationOptions(ctx: Context, config: Config) {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: relyingParty(config).id, userVerification: 'preferred' });
  keepChallenge(ctx, 'sign-in', options.challenge);
  return options;
}

/** The credential id the browser answered with (to find its stored key), if the answer has one a sign-in looks up. */
export const credentialIdOf = (response: unknown): string | null => {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= maxCredentialIdLength ? id : null;
};

/** Verifies a sign-in answer against the stored key; answers the authenticator's new counter, or null. */
export async function verifyAuthentication(ctx: Context, config: Config, response: unknown, passkey: StoredPasskey): Promise<number | null> {
  const rp = relyingParty(config);
  const expectedChallenge = takeChallenge(ctx, 'sign-in');
  try {
    const result = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
