// Requests the server cannot take answer a 4xx with a Spanish `{ message }`, never a 500 or a reset
// connection: a body that is not in its declared Content-Encoding, a passkey registered twice, an
// address or headers past the server's limit, a method no route takes. Run on the production HTTP server (createHttpServer).
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminCredentials, type Client } from '../helpers/app';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../helpers/authenticator';
import { startServedApp, type ServedApp } from '../helpers/served-app';

let app: ServedApp;
let admin: Client;

test.before(async () => {
  app = await startServedApp();
  admin = await app.admin();
});
test.after(() => app.close());

const notEncodedAsSaid = 'El cuerpo de la solicitud no está comprimido como dice Content-Encoding';
const garbage = new TextEncoder().encode('{"esto": "no está comprimido"}');
const json = { 'content-type': 'application/json' };

/** Writes `request` on a new connection and answers everything the server sent until it closed. */
function exchange(request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (error) => reject(new Error(`${(error as NodeJS.ErrnoException).code} after ${JSON.stringify(text.slice(0, 200))}`)));
    socket.on('close', () => resolve(text));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.write(request);
  });
}

function parseResponse(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8') };
}

test('a body that is not in its declared gzip, deflate or br encoding is a 400 on every JSON route', async () => {
  const visitor = app.client();
  const routes: [Client, string, string][] = [
    [visitor, 'POST', '/api/auth/login'],
    [visitor, 'POST', '/api/contact'],
    [visitor, 'POST', '/api/advance-forms/public'],
    [admin, 'POST', '/api/news'],
    [admin, 'POST', '/api/users'],
    [admin, 'PUT', '/api/account/notice-email'],
  ];
  for (const [client, method, path] of routes) {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const answer = await client.request(method, path, garbage, { ...json, 'content-encoding': encoding });
      assert.is(answer.status, 400, `${method} ${path} ${encoding}: ${answer.status} ${answer.text}`);
      assert.equal(answer.body, { message: notEncodedAsSaid });
    }
  }
  // Cut short: the start of a real gzip stream without its end.
  const truncated = gzipSync(JSON.stringify({ name: 'Ana', email: 'ana@example.com', message: 'Hola' })).subarray(0, 12);
  const cut = await visitor.request('POST', '/api/contact', truncated, { ...json, 'content-encoding': 'gzip' });
  assert.is(cut.status, 400, cut.text);
  assert.equal(cut.body, { message: notEncodedAsSaid });
});

test('a body really in gzip, deflate or br is still read', async () => {
  const credentials = Buffer.from(JSON.stringify(adminCredentials));
  const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
  for (const [encoding, encode] of Object.entries(encoders)) {
    const answer = await app.client().request('POST', '/api/auth/login', new Uint8Array(encode(credentials)), { ...json, 'content-encoding': encoding });
    assert.is(answer.status, 200, `${encoding}: ${answer.text}`);
  }
});

test('an encoding the server does not know is a 415 that names it', async () => {
  const answer = await app.client().request('POST', '/api/auth/login', garbage, { ...json, 'content-encoding': 'zstd' });
  assert.is(answer.status, 415, answer.text);
  assert.equal(answer.body, { message: 'Codificación del cuerpo no admitida: envíelo sin Content-Encoding, o con gzip, deflate o br' });
  // The names are case-insensitive.
  const upper = await app.client().request('POST', '/api/auth/login', new Uint8Array(gzipSync(JSON.stringify(adminCredentials))), {
    ...json,
    'content-encoding': 'GZIP',
  });
  assert.is(upper.status, 200, upper.text);
});

test('a photo upload with any Content-Encoding is a 415, and the URL stays usable', async () => {
  const visitor = app.client();
  const { uploadURL } = (await visitor.post('/api/objects/upload')).body as { uploadURL: string };
  for (const encoding of ['gzip', 'zstd', 'identity, gzip']) {
    const answer = await visitor.request('PUT', uploadURL, new Uint8Array(gzipSync(Buffer.from('no es una foto'))), {
      'content-type': 'image/jpeg',
      'content-encoding': encoding,
    });
    assert.is(answer.status, 415, `${encoding}: ${answer.text}`);
    assert.equal(answer.body, { message: 'Envíe la foto sin Content-Encoding' });
  }
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const plain = await visitor.request('PUT', uploadURL, new Uint8Array(photo), { 'content-type': 'image/jpeg' });
  assert.is(plain.status, 200, plain.text);
});

async function registerPasskey(client: Client, authenticator: SoftwareAuthenticator) {
  const options = await client.post('/api/auth/passkeys/options', { password: client.password });
  assert.is(options.status, 200, options.text);
  return client.post('/api/auth/passkeys', { response: authenticator.register(options.body, app.config.publicUrl), name: 'Llave de prueba' });
}

test('a passkey already registered, to the same account or to another, is a 409', async () => {
  const authenticator = softwareAuthenticator();
  const first = await registerPasskey(admin, authenticator);
  assert.is(first.status, 201, first.text);
  assert.is(first.body.id, authenticator.credentialId);

  const again = await registerPasskey(admin, authenticator);
  assert.is(again.status, 409, again.text);
  assert.equal(again.body, { message: 'Esa llave de acceso ya está registrada' });

  const created = await admin.post('/api/users', { username: 'bea', password: 'otra-clave-segura-1', role: 'colaborador' });
  assert.is(created.status, 201, created.text);
  const bea = await app.client().login('bea', 'otra-clave-segura-1');
  const copied = await registerPasskey(bea, authenticator);
  assert.is(copied.status, 409, copied.text);
  assert.equal(copied.body, { message: 'Esa llave de acceso ya está registrada' });
  // The same credential id from another key pair: still the id that is taken.
  const sameId = await registerPasskey(bea, softwareAuthenticator(Buffer.from(authenticator.credentialId, 'base64url')));
  assert.is(sameId.status, 409, sameId.text);

  assert.equal(((await bea.get('/api/account')).body.passkeys ?? []).length, 0);
  const own = (await admin.get('/api/account')).body.passkeys as { id: string }[];
  assert.equal(
    own.map((passkey) => passkey.id),
    [authenticator.credentialId],
  );
  // A fresh passkey for her still registers.
  assert.is((await registerPasskey(bea, softwareAuthenticator())).status, 201);
});

test('two accounts registering the same new passkey at once: one gets it, the other a 409', async () => {
  const created = await admin.post('/api/users', { username: 'ciro', password: 'otra-clave-segura-1', role: 'colaborador' });
  assert.is(created.status, 201, created.text);
  const ciro = await app.client().login('ciro', 'otra-clave-segura-1');
  for (let round = 0; round < 3; round++) {
    const authenticator = softwareAuthenticator();
    const [mine, theirs] = await Promise.all([ciro, admin].map((client) => client.post('/api/auth/passkeys/options', { password: client.password })));
    const answers = await Promise.all([
      ciro.post('/api/auth/passkeys', { response: authenticator.register(mine.body, app.config.publicUrl) }),
      admin.post('/api/auth/passkeys', { response: authenticator.register(theirs.body, app.config.publicUrl) }),
    ]);
    assert.equal(answers.map((answer) => answer.status).sort(), [201, 409], answers.map((answer) => answer.text).join(' '));
    assert.equal(answers.find((answer) => answer.status === 409)!.body, { message: 'Esa llave de acceso ya está registrada' });
  }
});

test('a method a route does not take is a 405 with its Allow header, and one the server does not know a 501, both in Spanish JSON', async () => {
  const put = await admin.request('PUT', '/api/news');
  assert.is(put.status, 405, put.text);
  assert.equal(put.body, { message: 'Esta ruta no admite ese método' });
  assert.match(put.headers.get('allow') ?? '', /GET/);
  assert.match(put.headers.get('content-type') ?? '', /application\/json/);
  const visitor = await app.client().request('DELETE', '/api/services');
  assert.is(visitor.status, 405, visitor.text);
  assert.equal(visitor.body, { message: 'Esta ruta no admite ese método' });
  const unknown = parseResponse(await exchange('PROPFIND /api/news HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
  assert.is(unknown.status, 501);
  assert.equal(JSON.parse(unknown.body), { message: 'Método no admitido' });
});

test('a 70 KB query string is a 414 with a JSON body, to fetch and to a raw socket', async () => {
  const long = `/api/news?q=${'a'.repeat(70_000)}`;
  const answer = await app.client().get(long);
  assert.is(answer.status, 414, answer.text);
  assert.equal(answer.body, { message: 'La dirección de la solicitud es demasiado larga' });

  const raw = parseResponse(await exchange(`GET ${long} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
  assert.is(raw.status, 414);
  assert.is(raw.headers.get('connection'), 'close');
  assert.match(raw.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(JSON.parse(raw.body), { message: 'La dirección de la solicitud es demasiado larga' });

  // Sent in small pieces, as a slow network delivers it.
  const pieces = await new Promise<string>((resolve, reject) => {
    const socket = connect(app.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    const request = `GET ${long} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    let at = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || at >= request.length) return clearInterval(timer);
      socket.write(request.slice(at, (at += 2_000)));
    }, 2);
  });
  assert.is(parseResponse(pieces).status, 414, pieces.slice(0, 200));
});

test('oversized headers are a 431 with a JSON body, many of them or one big cookie', async () => {
  const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x-relleno-${i}`, 'b'.repeat(100)]));
  const answer = await app.client().get('/api/news', many);
  assert.is(answer.status, 431, answer.text);
  assert.equal(answer.body, { message: 'Los encabezados de la solicitud son demasiado grandes' });

  const cookie = Array.from({ length: 600 }, (_, i) => `galleta${i}=${'c'.repeat(30)}`).join('; ');
  const big = await app.client().get('/api/news', { cookie });
  assert.is(big.status, 431, big.text);

  const raw = parseResponse(await exchange(`GET /api/news HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Grande: ${'d'.repeat(20_000)}\r\n\r\n`));
  assert.is(raw.status, 431);
  assert.is(raw.headers.get('connection'), 'close');
  assert.equal(JSON.parse(raw.body), { message: 'Los encabezados de la solicitud son demasiado grandes' });
});

test('a request that is not HTTP is a 400 with a JSON body; the server keeps serving', async () => {
  const raw = parseResponse(await exchange('ESTO NO ES HTTP\r\n\r\n'));
  assert.is(raw.status, 400);
  assert.equal(JSON.parse(raw.body), { message: 'La solicitud no es HTTP válido' });
  assert.is((await app.client().get('/api/services')).status, 200);
});

test.run();
