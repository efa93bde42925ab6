import type { TConfig } from '../config.ts';
import type { TStorageDriver } from '../lib/storage/driver.ts';
import { createLocalDiskStorage } from '../lib/storage/local-disk.ts';
import { createS3Storage } from '../lib/storage/s3.ts';

// ARCHITECTURE.md: local disk with HMAC-signed URLs served by the API (embedded default), or any
// S3-compatible store with presigned URLs (STORAGE_DRIVER=s3).
export function createStorage(config: TConfig): TStorageDriver {
  if (config.storage.driver === 's3') return createS3Storage(config.storage.s3);
  if (!config.secret) throw new Error('the app secret is not resolved yet (resolveAppSecret)');
  return createLocalDiskStorage({
    root: config.storage.localDir,
    secret: config.secret,
    publicUrl: config.publicUrl,
  });
}
