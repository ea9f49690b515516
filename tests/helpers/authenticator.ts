// A software passkey authenticator: answers a registration ceremony and then sign-ins as a browser
// would, with a P-256 key of its own and attestation 'none', so tests can use passkeys without a real device.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export type SoftwareAuthenticator = {
  /** The credential id, base64url, as the API lists it. */
  credentialId: string;
  /** The browser's answer to registration options `{ challenge, rp: { id } }`, for a page at `origin`. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown>;
  /** The browser's answer to sign-in options `{ challenge, rpId }`: a signature whose counter grows each time. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string): Record<string, unknown>;
};

/** A new authenticator; `credentialId` reuses the id of another (a copied key, or a replayed answer). */
export function softwareAuthenticator(credentialId: Uint8Array = randomBytes(32)): SoftwareAuthenticator {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let counter = 0;
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return {
    credentialId: b64url(credentialId),
    register(options, origin) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        createHash('sha256').update(rpId).digest(),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4), // signature counter
        Buffer.alloc(16), // AAGUID
        length,
        Buffer.from(credentialId),
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<number, number>>([
          ['fmt', 'none'],
          ['attStmt', new Map<number, number>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin) {
      counter += 1;
      const signCount = Buffer.alloc(4);
      signCount.writeUInt32BE(counter);
      const rpId = options.rpId ?? new URL(origin).hostname;
      const authenticatorData = Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([0x05]), signCount]); // user present, user verified
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
      const signature = sign('sha256', Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
