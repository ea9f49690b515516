// The session cookie's signatures: the same as koa's own keys (keygrip) make, both ways, so cookies signed
// before the change stay valid; tampered, truncated or foreign signatures are refused; a key rotation
// (a new key first, the old one still accepted) works as with keygrip.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signingKeys } from '../../api/middleware/signing-keys';

type Served = { url: string; server: Server };
const servers: Server[] = [];

/** An app that sets the signed cookie `sid` to ?set=, and answers the signed value it reads (or '-'). */
async function serve(keys: Koa['keys']): Promise<Served> {
  const app = new Koa();
  app.keys = keys;
  app.use((ctx) => {
    const set = ctx.query.set;
    if (typeof set === 'string') ctx.cookies.set('sid', set, { signed: true });
    ctx.body = ctx.cookies.get('sid', { signed: true }) ?? '-';
  });
  const server = createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The `name=value` pairs the answer sets. */
async function cookiesSetBy(url: string): Promise<string> {
  const response = await fetch(url);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const read = async (url: string, cookie: string) => (await fetch(url, { headers: { cookie } })).text();
const sid = 'a3f0c1d2e4b5968778695a4b3c2d1e0fa3f0c1d2e4b5968778695a4b3c2d1e0f';

test.after(() => {
  for (const server of servers) server.close();
});

test("keygrip's cookies are read, and its cookies are read by keygrip", async () => {
  const keygrip = await serve(['el-secreto']);
  const ours = await serve(signingKeys(['el-secreto']));
  const fromKeygrip = await cookiesSetBy(`${keygrip.url}/?set=${sid}`);
  const fromOurs = await cookiesSetBy(`${ours.url}/?set=${sid}`);
  assert.is(fromOurs, fromKeygrip, 'the same cookie and signature');
  assert.is(await read(ours.url, fromKeygrip), sid);
  assert.is(await read(keygrip.url, fromOurs), sid);
  // Read again: the kept signature answers the same.
  assert.is(await read(ours.url, fromKeygrip), sid);
});

test('a changed value, a changed, shortened or lengthened signature, or another key is refused', async () => {
  const ours = await serve(signingKeys(['el-secreto']));
  const good = await cookiesSetBy(`${ours.url}/?set=${sid}`);
  const signature = /sid\.sig=([^;]+)/.exec(good)![1];
  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  for (const cookie of [
    good.replace(sid, `${sid.slice(0, -1)}0`),
    good.replace(signature, flipped),
    good.replace(signature, signature.slice(0, -1)),
    good.replace(signature, `${signature}A`),
    good.replace(/; sid\.sig=[^;]+/, ''),
    await cookiesSetBy(`${(await serve(signingKeys(['otro-secreto']))).url}/?set=${sid}`),
  ]) {
    assert.is(await read(ours.url, cookie), '-', cookie);
  }
  assert.is(await read(ours.url, good), sid);
});

test('a new key signs, and cookies signed with the previous one are still read', async () => {
  const before = await serve(signingKeys(['clave-anterior']));
  const after = await serve(signingKeys(['clave-nueva', 'clave-anterior']));
  const old = await cookiesSetBy(`${before.url}/?set=${sid}`);
  assert.is(await read(after.url, old), sid);
  const fresh = await cookiesSetBy(`${after.url}/?set=${sid}`);
  assert.is.not(fresh, old, 'signed with the new key');
  assert.is(await read(before.url, fresh), '-', 'the old key alone does not accept it');
  const keygrip = await serve(['clave-nueva', 'clave-anterior']);
  assert.is(await read(keygrip.url, fresh), sid);
});

test('many values: the kept signatures stay bounded and stay right', () => {
  const keys = signingKeys(['el-secreto'], 100);
  const signatures = Array.from({ length: 1000 }, (_, i) => keys.sign(`sid=${i}`));
  for (let i = 0; i < 1000; i++) {
    assert.ok(keys.verify(`sid=${i}`, signatures[i]));
    assert.not.ok(keys.verify(`sid=${i}`, signatures[(i + 1) % 1000]));
  }
});

test.run();
