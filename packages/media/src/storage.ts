// Object storage for media. Local disk by default (DATA_DIR/media), any S3-compatible store
// when S3_BUCKET is configured. Keys are opaque, content-addressed paths such as
// `pins/ab/abcdef…/236x.webp`; they never contain user input.
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. Used by the local `/media/*` route. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes the object; a missing key is not an error (deletes are repeated after a crash).
   * Only the media module's orphan sweep calls it, after the last row using the image is gone.
   */
  delete(key: string): Promise<void>;
  /** URL the browser loads: `/media/<key>` locally, `S3_PUBLIC_URL/<key>` for S3. */
  publicUrl(key: string): string;
}
