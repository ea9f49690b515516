// The life of a venue photo: an upload URL handed out, the bytes received (local driver) or read back
// on submit (gcs driver), checked and cleaned, kept with a reduced copy for the PDF, served to staff,
// and removed when its form is erased or when no form refers to it in time.
import { randomUUID } from 'node:crypto';
import { Conflict, Forbidden, NotFound, PayloadTooLarge } from '../../domain';
import type { Db } from '../../events';
import { loadSharp } from '../media/sharp';
import { reduceForPdf } from '../photos/reduce';
import type { PdfPhoto } from '../../domain/advance-form-pdf';
import type { BlobStore } from './blobs';
import { cleanPhoto, maxPhotoBytes } from './image';
import { checkUploadSignature, signedUploadPath, uploadUrlLifetimeMs } from './signature';

export type UploadTarget = { uploadURL: string; objectPath: string; uploadHeaders?: Record<string, string> };

/** How the browser's bytes arrive: through the app (local) or straight into the bucket (gcs). */
export type UploadDriver =
  | { kind: 'local'; secret: string }
  | {
      kind: 'gcs';
      target(id: string, expires: number): Promise<{ uploadURL: string; uploadHeaders: Record<string, string> }>;
      incomingSize(id: string): Promise<number | null>;
    };

const objectPathPrefix = '/objects/uploads/';
const objectPathPattern = /^\/objects\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The upload id of a photo link, or null for anything that is not one of ours. */
export function uploadIdOf(link: string): string | null {
  return objectPathPattern.exec(link.toLowerCase())?.[1] ?? null;
}

export const tooLargeMessage = 'La foto supera el tamaño máximo de 10 MB';
const photoKey = (id: string) => `photos/${id}`;
const pdfKey = (id: string) => `pdf/${id}`;
const incomingKey = (id: string) => `incoming/${id}`;

export class PhotoUploads {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly driver: UploadDriver,
  ) {}

  /** POST /api/objects/upload: a fresh id, its URL (15 minutes, once) and the link the form will store. */
  async begin(now = Date.now()): Promise<UploadTarget> {
    const id = randomUUID();
    const expires = now + uploadUrlLifetimeMs;
    await this.db.query('INSERT INTO uploads (id, expires_at) VALUES ($1, $2)', [id, new Date(expires).toISOString()]);
    const objectPath = objectPathPrefix + id;
    if (this.driver.kind === 'local') return { uploadURL: signedUploadPath(this.driver.secret, id, expires), objectPath };
    return { ...(await this.driver.target(id, expires)), objectPath };
  }

  /** The local driver's PUT: the URL must be genuine, unexpired and unused; the bytes an image. */
  async receive(id: string, exp: unknown, sig: unknown, readBody: (limit: number) => Promise<Buffer>): Promise<void> {
    if (this.driver.kind !== 'local') throw new NotFound('Ruta no encontrada');
    const check = checkUploadSignature(this.driver.secret, id, exp, sig);
    if (check === 'forged') throw new Forbidden('Enlace de subida inválido');
    if (check === 'expired') throw new Forbidden('El enlace de subida expiró; solicite uno nuevo');
    // The claim makes the URL single-use even with several app instances and two PUTs at once.
    const claimed = await this.db.query('UPDATE uploads SET claimed_at = now() WHERE id = $1 AND claimed_at IS NULL RETURNING id', [id]);
    if (claimed.length === 0) throw new Conflict('El enlace de subida ya fue usado');
    try {
      await this.store(id, await readBody(maxPhotoBytes));
    } catch (error) {
      // A refused file leaves the URL usable, so the person can pick another photo without a new URL.
      await this.db.query('UPDATE uploads SET claimed_at = NULL WHERE id = $1 AND stored_at IS NULL', [id]);
      throw error;
    }
  }

  /**
   * Before a form is recorded: each photo link must name an upload we hold. The gcs driver reads the
   * object the browser put in the bucket, checks and cleans it here, once.
   */
  async ensureStored(link: string): Promise<boolean> {
    const id = uploadIdOf(link);
    if (!id) return false;
    const [row] = await this.db.query<{ stored: boolean }>('SELECT stored_at IS NOT NULL AS stored FROM uploads WHERE id = $1', [id]);
    if (!row) return false;
    if (row.stored) return true;
    if (this.driver.kind !== 'gcs') return false;
    const size = await this.driver.incomingSize(id);
    if (size === null) return false;
    if (size > maxPhotoBytes) throw new PayloadTooLarge(tooLargeMessage);
    const bytes = await this.blobs.read(incomingKey(id));
    if (!bytes) return false;
    await this.store(id, bytes);
    await this.blobs.remove(incomingKey(id));
    return true;
  }

  private async store(id: string, bytes: Uint8Array): Promise<void> {
    const clean = await cleanPhoto(bytes);
    // The PDF copy is made now, once, so building a PDF never resizes four photos.
    const reduced = await reduceForPdf(clean.bytes);
    await this.blobs.write(photoKey(id), clean.bytes, clean.contentType);
    await this.blobs.write(pdfKey(id), reduced.data, 'image/jpeg');
    await this.db.query('UPDATE uploads SET stored_at = now(), content_type = $2, size_bytes = $3 WHERE id = $1', [
      id,
      clean.contentType,
      clean.bytes.byteLength,
    ]);
  }

  /** The cleaned photo for GET /objects/uploads/{id}. */
  async photo(id: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const [row] = await this.db.query<{ content_type: string }>('SELECT content_type FROM uploads WHERE id = $1 AND stored_at IS NOT NULL', [id]);
    if (!row) return null;
    const bytes = await this.blobs.read(photoKey(id));
    return bytes ? { bytes, contentType: row.content_type } : null;
  }

  /** The reduced copy for the PDF; null when the photo is gone (the PDF then says so). */
  async pdfPhoto(link: string): Promise<PdfPhoto | null> {
    const id = uploadIdOf(link);
    const bytes = id ? await this.blobs.read(pdfKey(id)) : null;
    if (!bytes) return null;
    const sharp = await loadSharp();
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    return { data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), format: 'JPEG', width, height };
  }

  async erase(ids: string[]): Promise<void> {
    for (const id of ids) {
      await Promise.all([photoKey(id), pdfKey(id), incomingKey(id)].map((key) => this.blobs.remove(key)));
      await this.db.query('DELETE FROM uploads WHERE id = $1', [id]);
    }
  }

  /**
   * Removes uploads older than `olderThanMs` that no form refers to (photos of abandoned forms, URLs
   * never used). One instance at a time sweeps, under a lock. Answers how many went.
   */
  async sweep(referencedLinks: () => Promise<Set<string>>, olderThanMs: number, now = Date.now()): Promise<number> {
    const result = await this.db.tryWithLock('uploads-sweep', async () => {
      const referenced = new Set([...(await referencedLinks())].map(uploadIdOf).filter(Boolean));
      const rows = await this.db.query<{ id: string }>('SELECT id FROM uploads WHERE created_at < $1', [new Date(now - olderThanMs).toISOString()]);
      const orphans = rows.map((r) => r.id).filter((id) => !referenced.has(id));
      await this.erase(orphans);
      return orphans.length;
    });
    return result?.value ?? 0;
  }
}
