// The copy of a venue photo that goes into the PDF, made once when the photo is stored: upright,
// at most 1200 px on its longest side, JPEG 75 without metadata, so four of them stay under 2 MB.
import sharp from 'sharp';
import type { PdfPhoto } from '../../domain/advance-form-pdf';

export const pdfPhotoLongestSide = 1200;
const pdfPhotoQuality = 75;

export async function reduceForPdf(bytes: Uint8Array): Promise<PdfPhoto> {
  // rotate() applies the EXIF orientation: PDF viewers ignore it, and the metadata goes with it.
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: pdfPhotoLongestSide, height: pdfPhotoLongestSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: pdfPhotoQuality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format: 'JPEG', width: info.width, height: info.height };
}
