// The gcs driver: photos in a Google Cloud Storage bucket (GCS_BUCKET, credentials from the usual
// GOOGLE_APPLICATION_CREDENTIALS / workload identity). The browser PUTs to a v4 signed URL that works
// once (x-goog-if-generation-match: 0) and refuses more than 10 MB (x-goog-content-length-range);
// the server reads the object back on submit to check and clean it. Not testable here without Google.
import { Storage, type Bucket } from '@google-cloud/storage';
import type { BlobStore } from './blobs';
import { checkBlobKey } from './blobs';
import { maxPhotoBytes } from './image';

export function gcsBucket(name: string): Bucket {
  return new Storage().bucket(name);
}

export function gcsBlobStore(bucket: Bucket): BlobStore {
  return {
    async write(key, bytes, contentType) {
      // Photos are personal data; the media library's files never change under their address.
      const cacheControl = key.startsWith('media/') ? 'public, max-age=31536000, immutable' : 'private, no-store';
      await bucket.file(checkBlobKey(key)).save(Buffer.from(bytes), { contentType, resumable: false, metadata: { cacheControl } });
    },
    async read(key) {
      try {
        const [bytes] = await bucket.file(checkBlobKey(key)).download();
        return bytes;
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      await bucket.file(checkBlobKey(key)).delete({ ignoreNotFound: true });
    },
  };
}

/** The signed PUT for 'incoming/{id}', and the headers the browser must send with it (they are signed). */
export async function gcsUploadTarget(bucket: Bucket, id: string, expires: number) {
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
export async function gcsObjectSize(bucket: Bucket, key: string): Promise<number | null> {
  try {
    const [metadata] = await bucket.file(checkBlobKey(key)).getMetadata();
    return Number(metadata.size);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 404) return null;
    throw error;
  }
}
