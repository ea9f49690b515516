// Photo reduction in the browser, apart from the calls in api.ts so the service worker (which sends
// queued forms with their already reduced photos) never bundles the compression library.
/**
 * About 1 MB, at most 1920 px, JPEG (which jsPDF embeds as is). No web worker: the library's worker
 * loads itself from a CDN, which fails offline and under our Content-Security-Policy. If compression
 * fails (a format the browser cannot decode, such as HEIC in Chromium) the original goes instead: the
 * server decodes HEIC itself and keeps it as JPEG, like any photo (api/storage/image.ts).
 */
export async function compressPhoto(file: File): Promise<Blob> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, { maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: false, fileType: 'image/jpeg' });
  } catch {
    return file;
  }
}
