// Media in any S3-compatible object store (AWS S3, MinIO, R2, …), served straight from the
// store or its CDN at `publicUrl`.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeForKey, isValidMediaKey } from './media-keys.ts';
import type { MediaStorage, StoredObject } from './storage.ts';

export interface S3Config {
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO URL; omit for AWS's default. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Both or neither: without them the SDK's default chain applies (env, profile, IAM role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Base URL browsers load objects from (bucket website, CDN); `<publicUrl>/<key>`. */
  publicUrl: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`; MinIO needs it. */
  forcePathStyle?: boolean | undefined;
}

/** Keys are content-addressed, so an object never changes: browsers and CDNs may keep it forever. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #publicUrl: string;

  constructor(config: S3Config) {
    this.#client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? false,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
      // Newer SDKs add CRC checksums to every request by default, which several S3-compatible
      // stores reject; send them only where the S3 API requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = config.bucket;
    this.#publicUrl = config.publicUrl.replace(/\/+$/, '');
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const response = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      if (!(response.Body instanceof Readable))
        throw new Error('S3 GetObject returned no readable body');
      return {
        body: response.Body,
        contentType: response.ContentType ?? contentTypeForKey(key),
        size: response.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** S3 answers DeleteObject for a missing key with success, as `delete` promises. */
  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertKey(key);
    return `${this.#publicUrl}/${key}`;
  }

  /** Releases the SDK's sockets (tests, shutdown). */
  destroy(): void {
    this.#client.destroy();
  }
}

function assertKey(key: string): void {
  if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
}

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  // HEAD has no body, so some stores' 404s arrive as a bare service exception.
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
