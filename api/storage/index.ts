// Photo storage for the rest of the API: one PhotoUploads per app, with the driver STORAGE_DRIVER
// names, the check of a form's photo links, the clean-up after an erasure, and the sweep.
import path from 'node:path';
import { errorFields, type Logger } from '../log';
import { BadRequest, photoFields, type AdvanceFormData } from '../../domain';
import type { Db } from '../../events';
import type { ReadModels } from '../../projections';
import type { Config } from '../config';
import { localBlobStore } from './blobs';
import { gcsBlobStore, gcsBucket, gcsObjectSize, gcsUploadTarget } from './gcs';
import { PhotoUploads, uploadIdOf } from './uploads';

export { tooLargeMessage } from './uploads';
export { maxPhotoBytes } from './image';

/** Uploads no form refers to go after 7 days (docs/rules.md, 'Advance forms and photos'). */
const unreferencedUploadMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

/** The advance forms' photos: built once when the app starts, and handed to the routes that need them. */
export type PhotoStorage = {
  uploads: PhotoUploads;
  /** Before a form is recorded: each photo link must be a stored upload (400 with the field's message otherwise). */
  checkForm(form: AdvanceFormData): Promise<void>;
  /** After a form's erasure has committed: deletes its photos that no other form links to. */
  releaseErased(links: readonly string[]): Promise<void>;
  /** Starts the hourly sweep of uploads no form refers to; answers the function that stops it. */
  startSweep(): () => void;
};

export function photoStorage(db: Db, config: Config, read: ReadModels, log: Logger): PhotoStorage {
  const uploads = createPhotoUploads(db, config);
  return {
    uploads,
    checkForm: (form) => checkPhotos(uploads, form),
    async releaseErased(links) {
      // The form is already gone from the read model: a photo still listed belongs to another form.
      // Compared by upload id, as the sweep does: one photo may be linked with different letter case.
      const stillUsed = new Set([...(await read.advanceForms.photoLinks())].map(uploadIdOf));
      const ids = links.map(uploadIdOf).filter((id): id is string => Boolean(id));
      await uploads.erase(ids.filter((id) => !stillUsed.has(id)));
    },
    startSweep() {
      const timer = setInterval(() => {
        uploads.sweep(() => read.advanceForms.photoLinks(), unreferencedUploadMaxAgeMs).catch((error) => log.warn(errorFields(error), 'uploads sweep failed'));
      }, sweepEveryMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

function createPhotoUploads(db: Db, config: Config): PhotoUploads {
  if (config.storageDriver === 'gcs' && config.gcsBucket) {
    const bucket = gcsBucket(config.gcsBucket);
    return new PhotoUploads(db, gcsBlobStore(bucket), {
      kind: 'gcs',
      target: (id, expires) => gcsUploadTarget(bucket, id, expires),
      incomingSize: (id) => gcsObjectSize(bucket, `incoming/${id}`),
    });
  }
  return new PhotoUploads(db, localBlobStore(path.join(config.dataDir, 'uploads')), { kind: 'local', secret: config.sessionSecret });
}

/** Each photo link of the form must be an upload we hold: 400 with the field's message otherwise. */
async function checkPhotos(uploads: PhotoUploads, form: AdvanceFormData): Promise<void> {
  const errors: Record<string, string> = {};
  for (const field of photoFields) {
    const link = form[field];
    if (link && !(await uploads.ensureStored(link))) errors[field] = 'La foto no se encontró en el servidor; súbala de nuevo';
  }
  if (Object.keys(errors).length) throw new BadRequest('Revise los campos marcados', errors);
}
