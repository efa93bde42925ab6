import type { FastifyBaseLogger } from 'fastify';
import type { Server } from '@tus/server';
import type { TDb } from '@hirecast/db/client';
import { ASSET_LIMITS } from '@hirecast/domain/asset';
import type { TConfig } from '../../config.ts';
import { createFileTusStore } from './tus-file.ts';
import { createDatabaseLocker, sweepUploadLocks, type TDatabaseLocker } from './tus-locker.ts';
import { createTusServer } from './tus-endpoint.ts';
import { createS3TusStore } from './tus-s3.ts';
import type { TTusStore } from './tus-store.ts';

export const UPLOADS_PATH = '/api/uploads';

export type TTusUploads = TTusStore & { server: Server; locker: TDatabaseLocker; db: TDb };

/** How long an upload may wait, paused or finished but not yet made an asset, before it is removed. */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;
/** How often expired uploads are swept. */
export const UPLOAD_SWEEP_EVERY_MS = 3600_000;

/**
 * The resumable uploads of every process (decision 015): kept where the storage driver keeps files (a folder
 * beside local storage, or the S3 bucket) and locked through the database, so any chunk may reach any process.
 */
export function createTusUploads({ config, db }: { config: TConfig; db: TDb }): TTusUploads {
  // A day is enough to resume a paused upload of 500 MB; the answers carry Upload-Expires, and a PATCH
  // after it is refused (410). `sweepExpiredUploads` frees the space.
  const expiryMs = UPLOAD_EXPIRY_MS;
  const tusStore =
    config.storage.driver === 's3'
      ? createS3TusStore({ s3: config.storage.s3, expiryMs })
      : createFileTusStore({ dataDir: config.dataDir, storageDir: config.storage.localDir, expiryMs });
  const locker = createDatabaseLocker(db);
  const server = createTusServer(
    { store: tusStore.store, locker },
    {
      path: UPLOADS_PATH,
      maxSize: ASSET_LIMITS.videoMaxBytes, // spec 3 §9: video 500 MB
      unscoped: { status: 401, body: 'Unauthorized' },
      required: ['filename', 'filetype'],
    },
  );
  return { ...tusStore, server, locker, db };
}

/**
 * Removes the uploads created more than the expiry before `now`: unfinished ones and finished ones that no
 * POST /asset ever claimed. Answers how many were removed. Every process may sweep; removals are idempotent.
 */
export async function sweepExpiredUploads(tus: TTusUploads, now = Date.now()): Promise<number> {
  const removed = await tus.sweep(now);
  await sweepUploadLocks(tus.db);
  return removed;
}

/** Sweeps now and then every `every` ms until `stop` (which waits for a sweep under way). */
export function startUploadSweep(tus: TTusUploads, log: FastifyBaseLogger, every = UPLOAD_SWEEP_EVERY_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => sweepExpiredUploads(tus))
      .catch((err: unknown) => log.warn({ err }, 'expired uploads not swept'));
  };
  sweep();
  // unref: the sweep never keeps a process alive on its own.
  const timer = setInterval(sweep, every).unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
