// Where photo bytes live. One small interface, two backends: a folder under DATA_DIR (local driver)
// and a Google Cloud Storage bucket (gcs driver). Keys are 'photos/{id}', 'pdf/{id}', 'incoming/{id}', and
// the media library's 'media/{id}/{file}' (domain/media.ts names the files).
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the blob; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

const safeKey = /^((photos|pdf|incoming)\/[0-9a-f-]{36}|media\/[0-9a-f-]{36}\/[0-9]{1,5}(x[0-9]{1,5})?\.(jpg|png|webp|avif))$/;

function checkKey(key: string): string {
  // Keys are built from validated uuids; this guard keeps a future caller from escaping the folder.
  if (!safeKey.test(key)) throw new Error(`invalid blob key ${key}`);
  return key;
}

/** DATA_DIR/uploads/{photos,pdf}/{id} and DATA_DIR/uploads/media/{id}/{file}; written to a temporary name first so a reader never sees half a file. */
export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async write(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // An image's folder goes with its last file; a folder still holding files stays.
      if (key.startsWith('media/')) await rmdir(path.dirname(file)).catch(() => {});
    },
  };
}

export { checkKey as checkBlobKey };
