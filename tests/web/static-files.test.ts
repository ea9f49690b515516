// The built client files as production serves them: the build writes a brotli and a gzip copy beside
// each file, and the server sends those stored bytes (never compressing while a visitor waits), under
// the file's own name only; a file the build left without a copy is still sent compressed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { get, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStaticFiles } from '../../api/web/static';
import { writeCompressedCopies } from '../../scripts/compress-assets';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function fetchRaw(base: string, pathname: string, encoding = 'br, gzip'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(`${base}${pathname}`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function serve(root: string): Promise<{ base: string; server: Server }> {
  const serveStatic = createStaticFiles(root);
  const app = new Koa();
  app.use(async (ctx) => {
    if (!(await serveStatic(ctx))) ctx.status = 404;
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra-${i % 37}`))};\n`;

test('the build writes both copies of a file worth compressing, and none of an image or a tiny file', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  try {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(root, 'assets/tiny-abc123.js'), 'export {};\n');
    writeFileSync(path.join(root, 'photo.jpg'), zlib.gzipSync(Buffer.from(script))); // bytes that do not compress again
    const totals = await writeCompressedCopies(root);
    assert.is(totals.files, 1);
    assert.equal(zlib.brotliDecompressSync(readFileSync(path.join(root, 'assets/app-abc123.js.br'))).toString(), script);
    assert.equal(zlib.gunzipSync(readFileSync(path.join(root, 'assets/app-abc123.js.gz'))).toString(), script);
    assert.not.ok(existsSync(path.join(root, 'assets/tiny-abc123.js.br')));
    assert.not.ok(existsSync(path.join(root, 'photo.jpg.br')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the server sends the stored copy for each encoding, and the copy is not a file of its own', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets/app-abc123.js'), script);
  await writeCompressedCopies(root);
  // A marker in the stored copy proves the server sent it rather than compressing the file again.
  const stored = zlib.brotliCompressSync(Buffer.from(`${script}// copia guardada\n`));
  writeFileSync(path.join(root, 'assets/app-abc123.js.br'), stored);
  const { base, server } = await serve(root);
  try {
    const br = await fetchRaw(base, '/assets/app-abc123.js');
    assert.is(br.status, 200);
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(br.body.equals(stored));
    const gzip = await fetchRaw(base, '/assets/app-abc123.js', 'gzip');
    assert.is(gzip.headers['content-encoding'], 'gzip');
    assert.ok(gzip.body.equals(readFileSync(path.join(root, 'assets/app-abc123.js.gz'))));
    const plain = await fetchRaw(base, '/assets/app-abc123.js', 'identity');
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.body.toString(), script);
    assert.is((await fetchRaw(base, '/assets/app-abc123.js.br')).status, 404);
    assert.is((await fetchRaw(base, '/assets/app-abc123.js.gz')).status, 404);
  } finally {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file the build left without a copy is compressed by the server, for visitors who ask at the same moment too', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets/late-abc123.js'), script);
  const { base, server } = await serve(root);
  try {
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetchRaw(base, '/assets/late-abc123.js')));
    for (const answer of answers) {
      assert.is(answer.headers['content-encoding'], 'br');
      assert.is(zlib.brotliDecompressSync(answer.body).toString(), script);
    }
  } finally {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
