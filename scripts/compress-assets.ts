// Writes a brotli and a gzip copy beside each built client file (`app.js.br`, `app.js.gz`), at the
// best quality, so the server sends stored bytes. Compressed by the server on first request instead,
// a first visit's service worker (which downloads every public chunk at once) put about 7 s of CPU at
// brotli's best quality in front of the advance form's own code: on two cores, the form's date stayed
// dead for up to 17 s. A copy that saves nothing (images, fonts already compressed) is not kept.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compress, compressedCopiesAmong, compressedCopy, encodings, minimumCompressedSize } from '../api/web/compress';
import { projectRoot } from '../events/project-root';

export async function writeCompressedCopies(root: string): Promise<{ files: number; bytes: number; compressed: number }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const listed = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const earlier = compressedCopiesAmong(listed);
  const files = listed.filter((file) => !earlier.has(file));
  const totals = { files: 0, bytes: 0, compressed: 0 };
  // zlib's asynchronous calls run on libuv's thread pool: every core works.
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length <= minimumCompressedSize) return;
      for (const encoding of encodings) {
        const copy = await compress(body, encoding, 'best');
        if (copy.length > body.length * 0.9) continue;
        await writeFile(compressedCopy(file, encoding), copy);
        if (encoding === 'br') {
          totals.files += 1;
          totals.bytes += body.length;
          totals.compressed += copy.length;
        }
      }
    }),
  );
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = Date.now();
  const totals = await writeCompressedCopies(path.join(projectRoot, 'dist/client'));
  console.log(
    `compressed ${totals.files} files, ${Math.round(totals.bytes / 1024)} KB → ${Math.round(totals.compressed / 1024)} KB brotli, in ${Date.now() - started} ms`,
  );
}
