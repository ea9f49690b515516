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
  await sharp(Buffer.from(shieldSvg(icon.size, icon)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file}`);
}

// The link preview for pages without an image of their own (WhatsApp, social networks): 1200×630, no
// business name in it, because SITE_NAME is configuration; the name travels in og:site_name and og:title.
const ogWidth = 1200;
const ogHeight = 630;
const ogSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ogWidth}" height="${ogHeight}" viewBox="0 0 ${ogWidth} ${ogHeight}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${navy}"/><stop offset="1" stop-color="#12304a"/></linearGradient></defs>
  <rect width="${ogWidth}" height="${ogHeight}" fill="url(#g)"/>
  <g transform="translate(96 175) scale(4.2)">
    <path d="M32 10 14 17v13c0 12 7.7 21.4 18 24 10.3-2.6 18-12 18-24V17L32 10Z" fill="none" stroke="${accent}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="32" cy="31" r="6" fill="${accent}"/>
  </g>
  <text x="420" y="270" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">Protección Profesional</text>
  <text x="420" y="350" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">Anti-Espía</text>
  <text x="420" y="430" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="30" fill="${accent}">Barridos electrónicos · Ciberseguridad · Eventos VIP</text>
  <text x="420" y="480" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="28" fill="#cbd5e1">Costa Rica e Internacional</text>
</svg>`;
await sharp(Buffer.from(ogSvg))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.resolve(import.meta.dirname, '../public/og-image.jpg'));
console.log('public/og-image.jpg');
