// The gcs driver: photos in a Google Cloud Storage bucket (GCS_BUCKET, credentials from the usual
// GOOGLE_APPLICATION_CREDENTIALS / workload identity). The browser PUTs to a v4 signed URL that works
// once (x-goog-if-generation-match: 0) and refuses more than 10 MB (x-goog-content-length-range);
// the server reads the object back on submit to check and clean it. Not testable here without Google.
import type { Bucket } from '@google-cloud/storage';
import type { BlobStore } from './blobs';
import { checkBlobKey } from './blobs';
import { maxPhotoBytes } from './image';
import { loadOnce } from '../load-once';

/** The bucket, made on first use. */
type LazyBucket = () => Promise<Bucket>;

export function gcsBucket(name: string): LazyBucket {
  // Loaded on the first read or write, to keep the server's memory at rest low: the client library is some 30 MB.
  return loadOnce(async () => {
    const { Storage } = await import('@google-cloud/storage');
    return new Storage().bucket(name);
  });
}

export function gcsBlobStore(lazyBucket: LazyBucket): BlobStore {
  return {
    async write(key, bytes, contentType) {
      // Photos are personal data; the media library's files never change under their address.
      const cacheControl = key.startsWith('media/') ? 'public, max-age=31536000, immutable' : 'private, no-store';
      const bucket = await lazyBucket();
      await bucket.file(checkBlobKey(key)).save(Buffer.from(bytes), { contentType, resumable: false, metadata: { cacheControl } });
    },
    async read(key) {
      const bucket = await lazyBucket();
      try {
        const [bytes] = await bucket.file(checkBlobKey(key)).download();
        return bytes;
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      const bucket = await lazyBucket();
      await bucket.file(checkBlobKey(key)).delete({ ignoreNotFound: true });
    },
  };
}

/** The signed PUT for 'incoming/{id}', and the headers the browser must send with it (they are signed). */
export async function gcsUploadTarget(lazyBucket: LazyBucket, id: string, expires: number) {
  const bucket = await lazyBucket();
  const uploadHeaders = { 'x-goog-if-generation-match': '0', 'x-goog-content-length-range': `0,${maxPhotoBytes}` };
  const [uploadURL] = await bucket.file(checkBlobKey(`incoming/${id}`)).getSignedUrl({
    version: 'v4',
    action: 'write',
    expires,
    extensionHeaders: uploadHeaders,
  });
  return { uploadURL, uploadHeaders };
}

/** The size GCS recorded for the uploaded object, or null when nothing was uploaded. */
export async function gcsObjectSize(lazyBucket: LazyBucket, key: string): Promise<number | null> {
  const bucket = await lazyBucket();
  try {
    const [metadata] = await bucket.file(checkBlobKey(key)).getMetadata();
    return Number(metadata.size);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 404) return null;
    throw error;
  }
}
