// Picks the storage adapter from configuration: S3 when configured, local disk otherwise.
import { join } from 'node:path';
import { LOCAL_MEDIA_FOLDER, LocalMediaStorage } from './local-storage.ts';
import { S3MediaStorage, type S3Config } from './s3-storage.ts';
import type { MediaStorage } from './storage.ts';

export interface StorageConfig {
  /** DATA_DIR; local media live in `<dataDir>/media`. */
  dataDir: string;
  s3?: S3Config | undefined;
}

export function createStorage(config: StorageConfig): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  return new LocalMediaStorage(join(config.dataDir, LOCAL_MEDIA_FOLDER));
}
