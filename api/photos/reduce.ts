// The copy of a venue photo that goes into the PDF, made once when the photo is stored, by the rule in
// domain/pdf/photo.ts (longest side, JPEG quality), without metadata.
import type { PdfPhoto } from '../../domain/advance-form-pdf';
import { pdfPhotoJpegQuality, pdfPhotoLongestSide } from '../../domain/pdf/photo';
import { loadSharp } from '../media/sharp';

export async function reduceForPdf(bytes: Uint8Array): Promise<PdfPhoto> {
  const sharp = await loadSharp();
  // rotate() applies the EXIF orientation: PDF viewers ignore it, and the metadata goes with it.
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: pdfPhotoLongestSide, height: pdfPhotoLongestSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: pdfPhotoJpegQuality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format: 'JPEG', width: info.width, height: info.height };
}
