// Draws the app's install icons (public/icons/) from the same shield as favicon.svg, with sharp.
// Run it again after changing the brand: `node --import tsx scripts/make-icons.ts`. The PNGs are
// committed, so the build never needs sharp.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const navy = '#0b1324';
const accent = '#22d3ee';
const outDir = path.resolve(import.meta.dirname, '../public/icons');

/** The shield on a navy square; `inset` shrinks it so a maskable icon keeps it inside the safe zone. */
function shieldSvg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const scale = (size * (1 - 2 * inset)) / 64;
  const offset = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${navy}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M32 10 14 17v13c0 12 7.7 21.4 18 24 10.3-2.6 18-12 18-24V17L32 10Z" fill="none" stroke="${accent}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="32" cy="31" r="6" fill="${accent}"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Maskable: full-bleed background, the drawing within the central 80 % (the platform crops the rest).
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.06 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(shieldSvg(icon.size, icon))).png({ compressionLevel: 9 }).toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file}`);
}
