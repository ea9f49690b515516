// A draft's PDF, built in the browser with the same jsPDF module as the server (domain/), so staff
// can hand over a survey on site with no signal. Photos are reduced like the server's PDF copies.
import { buildAdvanceFormPdf, pdfPhotoJpegQuality, pdfPhotoLongestSide, type PdfPhoto } from '../../../../domain/advance-form-pdf';
import { advanceFormPdfName, newAdvanceFormDefaults, photoFields, type AdvanceFormData, type PhotoField } from '../../../../domain';
import type { Draft } from '../../../offline/drafts';
import { saveFile } from '../common/save-file';

export async function downloadDraftPdf(draft: Draft, companyName: string): Promise<void> {
  const photos: Partial<Record<PhotoField, PdfPhoto>> = {};
  for (const field of photoFields) {
    const photo = draft.photos[field];
    if (photo) photos[field] = await toPdfPhoto(photo.blob);
  }
  // A draft may be half written: the PDF shows '—' for what is missing, never refuses.
  const form = { ...newAdvanceFormDefaults(), ...draft.values, id: draft.id } as unknown as AdvanceFormData & { id: string };
  const bytes = buildAdvanceFormPdf(form, { companyName, photos });
  const name = advanceFormPdfName(draft.values.hostName || 'borrador', draft.id);
  saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), name);
}

/** Any image the browser can decode, reduced as the server reduces its PDF copies (domain/advance-form-pdf.ts). */
async function toPdfPhoto(blob: Blob): Promise<PdfPhoto> {
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, pdfPhotoLongestSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', pdfPhotoJpegQuality / 100),
  );
  return { data: new Uint8Array(await jpeg.arrayBuffer()), format: 'JPEG', width, height };
}
