// A draft's PDF, built in the browser with the same jsPDF module as the server (domain/), so staff
// can hand over a survey on site with no signal. Photos are reduced like the server's PDF copies.
// The symbol font (domain/pdf/symbol-font.ts: the same file as its symbolFontModule) is fetched only
// for a draft with characters Helvetica lacks; the service worker keeps it once fetched. With no
// signal and no copy, those characters are spelled out ('->'), as the domain's rule says.
import symbolFontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import { buildAdvanceFormPdf, needsSymbolFont, pdfPhotoJpegQuality, pdfPhotoLongestSide, type PdfPhoto } from '../../../../domain/advance-form-pdf';
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
  const symbolFont = needsSymbolFont(form, companyName) ? await fetchSymbolFont() : null;
  const bytes = buildAdvanceFormPdf(form, { companyName, photos, symbolFont });
  const name = advanceFormPdfName(draft.values.hostName || 'borrador', draft.id);
  saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), name);
}

async function fetchSymbolFont(): Promise<Uint8Array | null> {
  try {
    const answer = await fetch(symbolFontUrl);
    return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : null;
  } catch {
    return null;
  }
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
