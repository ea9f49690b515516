// Makes tests/fixtures/photos/sideways.heic, a small HEIC the way a phone writes one: HEVC-coded, its
// pixels stored as the sensor saw them (turned a quarter left), an 'irot' box that turns them upright,
// and EXIF with the same orientation, a camera and a GPS position. The file is committed; this script
// only says how it was made. It needs heif-enc (Debian: libheif-examples) and exiftool
// (libimage-exiftool-perl): node --import tsx scripts/make-heic-fixture.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'photos', 'sideways.heic');
const work = mkdtempSync(path.join(tmpdir(), 'heic-fixture-'));

// Upright: 160 x 120, red above with a green square at the top left, blue below.
const upright = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#cc2222' } })
  .composite([
    { input: { create: { width: 160, height: 60, channels: 3, background: '#2233cc' } }, top: 60, left: 0 },
    { input: { create: { width: 40, height: 40, channels: 3, background: '#22aa33' } }, top: 10, left: 10 },
  ])
  .png()
  .toBuffer();
const jpeg = path.join(work, 'sideways.jpg');
await sharp(await sharp(upright).rotate(-90).toBuffer())
  .jpeg({ quality: 92 })
  .withExif({
    IFD0: { Make: 'Camara de prueba', Model: 'Telefono' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 56/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 5/1 0/1' },
  })
  .toFile(jpeg);
execFileSync('exiftool', ['-q', '-overwrite_original', '-Orientation#=6', jpeg]);
const heic = path.join(work, 'sideways.heic');
// heif-enc keeps the EXIF but (libheif 1.15) writes no 'irot': the pixels stay sideways.
execFileSync('heif-enc', ['-q', '60', '-o', heic, jpeg]);
writeFileSync(out, addRotation(readFileSync(heic), 3));
rmSync(work, { recursive: true });
console.log(`${out}: ${readFileSync(out).byteLength} bytes`);

/**
 * Adds an 'irot' property (anticlockwise quarter turns) to the primary item: appended to 'ipco',
 * associated (essential) in 'ipma', the sizes of 'meta', 'iprp', 'ipco' and 'ipma' grown, and the
 * offsets in 'iloc' moved, since the data after 'meta' moves. Enough for the file heif-enc writes.
 */
function addRotation(file: Buffer, quarterTurns: number): Buffer {
  const boxes = (from: number, to: number) => {
    const found = new Map<string, { at: number; size: number }>();
    for (let at = from; at < to;) {
      const size = file.readUInt32BE(at);
      found.set(file.toString('latin1', at + 4, at + 8), { at, size });
      at += size;
    }
    return found;
  };
  const top = boxes(0, file.length);
  const meta = top.get('meta')!;
  const inMeta = boxes(meta.at + 12, meta.at + meta.size);
  const iprp = inMeta.get('iprp')!;
  const inIprp = boxes(iprp.at + 8, iprp.at + iprp.size);
  const ipco = inIprp.get('ipco')!;
  const ipma = inIprp.get('ipma')!;
  const iloc = inMeta.get('iloc')!;
  const pitm = inMeta.get('pitm')!;
  const primary = file.readUInt16BE(pitm.at + 12);
  const propertyIndex = boxes(ipco.at + 8, ipco.at + ipco.size).size + 1;
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), quarterTurns & 3]);
  const grow = irot.length + 1;

  // 'ipma' version 0, flags 0: entry count, then item id (16 bits), count (8), one byte per property.
  if (file[ipma.at + 8] !== 0 || file.readUIntBE(ipma.at + 9, 3) !== 0) throw new Error('ipma: unexpected version');
  let entry = ipma.at + 16;
  for (let i = file.readUInt32BE(ipma.at + 12); i > 0 && file.readUInt16BE(entry) !== primary; i--) entry += 3 + file[entry + 2];
  if (file.readUInt16BE(entry) !== primary) throw new Error('ipma: no entry for the primary item');
  const entryEnd = entry + 3 + file[entry + 2];

  const result = Buffer.concat([
    file.subarray(0, ipco.at + ipco.size),
    irot,
    file.subarray(ipco.at + ipco.size, entryEnd),
    Buffer.from([0x80 | propertyIndex]),
    file.subarray(entryEnd),
  ]);
  const shiftOf = (at: number) => (at >= entryEnd ? grow : at >= ipco.at + ipco.size ? irot.length : 0);
  for (const [box, by] of [
    [meta, grow],
    [iprp, grow],
    [ipco, irot.length],
    [ipma, 1],
  ] as const)
    result.writeUInt32BE(box.size + by, box.at + shiftOf(box.at));
  const ipmaEntry = entry + shiftOf(entry);
  result[ipmaEntry + 2] += 1;

  // 'iloc' version 0 (before 'iprp', so not moved): sizes, then per item id, reference, base offset, extents.
  if (file[iloc.at + 8] !== 0) throw new Error('iloc: unexpected version');
  const offsetSize = file[iloc.at + 12] >> 4;
  const lengthSize = file[iloc.at + 12] & 15;
  const baseSize = file[iloc.at + 13] >> 4;
  let at = iloc.at + 16;
  for (let items = file.readUInt16BE(iloc.at + 14); items > 0; items--) {
    at += 4; // item id, data reference index
    if (baseSize) result.writeUIntBE(file.readUIntBE(at, baseSize) + grow, at, baseSize);
    at += baseSize;
    const extents = file.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      if (!baseSize) result.writeUIntBE(file.readUIntBE(at, offsetSize) + grow, at, offsetSize);
      at += offsetSize + lengthSize;
    }
  }
  return result;
}
