// Photo storage for the rest of the API: one PhotoUploads per app, with the driver STORAGE_DRIVER
// names, wired to the advance form's hooks (photos checked on submit, deleted on erasure) and swept.
import { errorFields } from '../log';
import path from 'node:path';
import { BadRequest, photoFields, type AdvanceFormData } from '../../domain';
import type { AppServices } from '../context';
import { localBlobStore } from './blobs';
import { gcsBlobStore, gcsBucket, gcsObjectSize, gcsUploadTarget } from './gcs';
import { PhotoUploads, uploadIdOf } from './uploads';

export { PhotoUploads, uploadIdOf, objectPathPrefix, tooLargeMessage } from './uploads';
export { maxPhotoBytes } from './image';

/** CONTRACT.md: uploads no form refers to go after 7 days (the issue said a day; the contract is the later word). */
export const unreferencedUploadMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

const perApp = new WeakMap<AppServices, PhotoUploads>();

/** The app's photo storage, made on first use and wired to its hooks then. */
export function photoUploadsOf(services: AppServices): PhotoUploads {
  let uploads = perApp.get(services);
  if (uploads) return uploads;
  uploads = createPhotoUploads(services);
  perApp.set(services, uploads);
  wire(services, uploads);
  return uploads;
}

function createPhotoUploads(services: AppServices): PhotoUploads {
  const { config } = services;
  if (config.storageDriver === 'gcs' && config.gcsBucket) {
    const bucket = gcsBucket(config.gcsBucket);
    return new PhotoUploads(services.db, gcsBlobStore(bucket), {
      kind: 'gcs',
      target: (id, expires) => gcsUploadTarget(bucket, id, expires),
      incomingSize: (id) => gcsObjectSize(bucket, `incoming/${id}`),
    });
  }
  return new PhotoUploads(services.db, localBlobStore(path.join(config.dataDir, 'uploads')), { kind: 'local', secret: config.sessionSecret });
}

function wire(services: AppServices, uploads: PhotoUploads) {
  services.hooks.advanceFormPhotos.push((form) => checkPhotos(uploads, form));
  services.hooks.advanceFormErased.push(async (_id, links) => {
    // The form is already gone from the read model: a photo still listed belongs to another form.
    // Compared by upload id, as the sweep does: one photo may be linked with different letter case.
    const stillUsed = new Set([...(await services.read.advanceForms.photoLinks())].map(uploadIdOf));
    const ids = links.map(uploadIdOf).filter((id): id is string => Boolean(id));
    await uploads.erase(ids.filter((id) => !stillUsed.has(id)));
  });
  const timer = setInterval(() => {
    uploads.sweep(() => services.read.advanceForms.photoLinks(), unreferencedUploadMaxAgeMs).catch((error) => services.log.warn(errorFields(error), 'uploads sweep failed'));
  }, sweepEveryMs);
  timer.unref();
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
