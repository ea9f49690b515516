// The copy of a venue photo that goes into the PDF, made once when the photo is stored, by the rule in
// domain/advance-form-pdf.ts (longest side, JPEG quality), without metadata.
import sharp from 'sharp';
import { pdfPhotoJpegQuality, pdfPhotoLongestSide, type PdfPhoto } from '../../domain/advance-form-pdf';

export async function reduceForPdf(bytes: Uint8Array): Promise<PdfPhoto> {
  // rotate() applies the EXIF orientation: PDF viewers ignore it, and the metadata goes with it.
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: pdfPhotoLongestSide, height: pdfPhotoLongestSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: pdfPhotoJpegQuality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format: 'JPEG', width: info.width, height: info.height };
}
