// Splitting a log file into lines as it is read: newlines and '\r\n' split across chunks, characters
// whose bytes are split across chunks, a last line without its newline, and a single line of many
// megabytes read in small chunks, which must cost its length and not its length times its chunks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { linesOf } from '../../api/backup/log-file';

async function collect(chunks: Iterable<Buffer | string>): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of linesOf(
    (async function* () {
      yield* chunks;
    })(),
  ))
    lines.push(line);
  return lines;
}

test('lines split anywhere across chunks come out whole, with or without a final newline', async () => {
  const text = 'uno\r\ndós\n\ntres «cuatro»\r\ncinco';
  const bytes = Buffer.from(text);
  const expected = ['uno', 'dós', '', 'tres «cuatro»', 'cinco'];
  // Every way of cutting the bytes in two, then byte by byte: multibyte characters and '\r\n' are cut too.
  for (let cut = 0; cut <= bytes.length; cut++) assert.equal(await collect([bytes.subarray(0, cut), bytes.subarray(cut)]), expected, `cut at ${cut}`);
  assert.equal(await collect([...bytes].map((byte) => Buffer.from([byte]))), expected);
  assert.equal(await collect([text + '\n']), expected);
  assert.equal(await collect([]), []);
  assert.equal(await collect(['', 'a\n', '']), ['a']);
});

test('a line of 8 MB read in 1 KB chunks is read in linear time', async () => {
  const size = 8 * 1024 * 1024;
  const piece = Buffer.alloc(1024, 'x');
  const started = Date.now();
  const lines = await collect(
    (function* () {
      yield 'antes\n';
      for (let n = 0; n < size; n += piece.length) yield piece;
      yield '\r\ndespués\n';
    })(),
  );
  const ms = Date.now() - started;
  assert.is(lines.length, 3);
  assert.is(lines[0], 'antes');
  assert.is(lines[1].length, size);
  assert.ok(/^x+$/.test(lines[1]));
  assert.is(lines[2], 'después');
  // Searching the whole pending line again at every chunk took minutes here; once, well under a second.
  assert.ok(ms < 20_000, `${ms} ms`);
});

test.run();
