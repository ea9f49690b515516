// How long the advance-form PDF takes and how big it gets with four venue photos, each reduced as the
// server reduces a stored photo, and an answer with arrows (so every run registers and embeds the
// symbol font, the dearer case). Targets: median and p95 at most 300 ms, the PDF at most 2 MB.
// Usage: node --import tsx bench/pdf.ts [--out /tmp/avanzada.pdf]
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { pdfSymbolFont } from '../api/pdf-font';
import { reduceForPdf } from '../api/photos/reduce';
import { buildAdvanceFormPdf, type PdfPhoto } from '../domain/advance-form-pdf';
import { advanceFormSections, type FieldSpec } from '../domain/advance-form-layout';
import { photoFields, type AdvanceForm, type PhotoField } from '../domain/schemas/advance-form';

const runs = 20;
const targetMs = 300;
const targetBytes = 2 * 1024 * 1024;
const outPath = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;

/**
 * A photo-sized JPEG (2400x1800, about 1 MB): a gradient with coarse blotches, which survive the
 * reduction as a real scene's detail does, and fine grain, which keeps the original heavy.
 */
async function cameraLikeJpeg(seed: number): Promise<Uint8Array> {
  const width = 2400;
  const height = 1800;
  const block = 12;
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5;
  const blotches = Array.from({ length: Math.ceil(width / block) * Math.ceil(height / block) }, () => random() * 70);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const shade = blotches[Math.floor(y / block) * Math.ceil(width / block) + Math.floor(x / block)] + random() * 48;
      pixels[i] = clamp((x / width) * 200 + seed * 10 + shade);
      pixels[i + 1] = clamp((y / height) * 180 + 30 + shade);
      pixels[i + 2] = clamp(160 - (x / width) * 90 + shade);
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 74 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** Every switch on and every text filled, so the document is as long as a real one gets. */
function fullForm(): AdvanceForm {
  const answers: Record<string, unknown> = {};
  const fill = (field: FieldSpec): void => {
    if (field.kind === 'switch') {
      answers[field.key] = true;
      field.details.forEach(fill);
    } else if (field.kind === 'photo') answers[field.key] = `/objects/uploads/${field.key}`;
    else if (field.kind === 'select') answers[field.key] = field.options[1] ?? field.options[0];
    else if (field.kind === 'number') answers[field.key] = 12;
    else if (field.kind === 'date') answers[field.key] = '2024-03-05';
    else
      answers[field.key] = `${field.label}: información detallada del recinto, accesos y horarios acordados con el anfitrión. `
        .repeat(field.kind === 'textarea' ? 3 : 1)
        .trim();
  };
  advanceFormSections.forEach((section) => section.fields.forEach(fill));
  return {
    ...(answers as Omit<AdvanceForm, 'id' | 'createdAt' | 'updatedAt' | 'submittedBy'>),
    hostName: 'Juan Carlos Pérez',
    mainVehicleRoute: 'Ruta 27 → salida a Escazú → Hotel Real Intercontinental (≥ 2 carriles); regreso ⇒ Circunvalación.',
    id: '3f1c2a9e-5b7d-4c21-9a0e-7d8f6b5a4c3b',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    submittedBy: null,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const originals = await Promise.all(photoFields.map((_, i) => cameraLikeJpeg(i + 1)));
const reduceStart = performance.now();
const reduced = await Promise.all(originals.map((bytes) => reduceForPdf(bytes)));
const reduceMs = performance.now() - reduceStart;
const photos = Object.fromEntries(photoFields.map((field, i) => [field, reduced[i]])) as Record<PhotoField, PdfPhoto>;

const form = fullForm();
const options = { companyName: 'Contraespionaje CR', photos, symbolFont: await pdfSymbolFont() };
buildAdvanceFormPdf(form, options); // warm-up: first run pays for module and font set-up
const timings: number[] = [];
let pdf: Uint8Array = new Uint8Array();
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  pdf = buildAdvanceFormPdf(form, options);
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
const medianMs = percentile(timings, 50);
const p95Ms = percentile(timings, 95);
if (outPath) writeFileSync(outPath, pdf);

console.log('Fotos (original -> reducida para el PDF):');
console.table(
  photoFields.map((field, i) => ({
    campo: field,
    original: kb(originals[i].byteLength),
    reducida: kb(reduced[i].data.byteLength),
    px: `${reduced[i].width}x${reduced[i].height}`,
  })),
);
console.log(`Reducción de las 4 fotos: ${reduceMs.toFixed(0)} ms`);
console.table([
  { medida: `mediana (${runs} corridas)`, valor: `${medianMs.toFixed(1)} ms`, objetivo: `<= ${targetMs} ms`, ok: medianMs <= targetMs },
  { medida: 'p95', valor: `${p95Ms.toFixed(1)} ms`, objetivo: `<= ${targetMs} ms`, ok: p95Ms <= targetMs },
  { medida: 'tamaño del PDF', valor: kb(pdf.byteLength), objetivo: '<= 2048 KB', ok: pdf.byteLength <= targetBytes },
]);
const pass = medianMs <= targetMs && p95Ms <= targetMs && pdf.byteLength <= targetBytes;
console.log(
  JSON.stringify({
    bench: 'pdf',
    runs,
    photos: photoFields.length,
    photoBytes: originals.map((o) => o.byteLength),
    reducedBytes: reduced.map((r) => r.data.byteLength),
    medianMs: +medianMs.toFixed(1),
    p95Ms: +p95Ms.toFixed(1),
    pdfBytes: pdf.byteLength,
    targets: { ms: targetMs, bytes: targetBytes },
    pass,
  }),
);
if (!pass) process.exitCode = 1;
