// The HEIC decoder's own guarantees: a phone's photo comes out whole, one over the limit is not decoded, a file it cannot read is
// UnreadableHeic, and a decode that runs past its time limit is ended and refused the same way, so
// one file cannot hold up the HEIC photos queued behind it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeHeic, UnreadableHeic } from '../../api/media/heic';
import { projectRoot } from '../../events/project-root';

const sideways = readFileSync(path.join(projectRoot, 'tests/fixtures/photos/sideways.heic'));

test('the fixture decodes whole: 160 × 120 once its rotation is applied', async () => {
  const decoded = await decodeHeic(sideways, 100_000_000);
  assert.is(decoded.tooLarge, false);
  assert.equal([decoded.width, decoded.height], [160, 120]);
  if (!decoded.tooLarge) assert.is(decoded.rgba.length, 160 * 120 * 4);
});

test('a header over the pixel limit is answered with its size, nothing decoded', async () => {
  const decoded = await decodeHeic(sideways, 1_000);
  assert.equal(decoded, { tooLarge: true, width: 160, height: 120 });
});

test('a decode past its time limit is refused as unreadable, and the next one still runs', async () => {
  try {
    await decodeHeic(sideways, 100_000_000, 1);
    assert.unreachable('a decode given 1 ms finished');
  } catch (error) {
    assert.instance(error, UnreadableHeic);
    assert.match((error as Error).message, /pasó de 0.001 s/);
  }
  const after = await decodeHeic(sideways, 100_000_000);
  assert.is(after.tooLarge, false);
});

test('bytes cut short are UnreadableHeic', async () => {
  try {
    await decodeHeic(sideways.subarray(0, 300), 100_000_000);
    assert.unreachable('a cut HEIC decoded');
  } catch (error) {
    assert.instance(error, UnreadableHeic);
  }
});

test.run();
