import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from '@tus/server';
import type { TDb } from '@hirecast/db/client';
import { ASSET_LIMITS } from '@hirecast/domain/asset';
import { messages } from '@hirecast/domain/messages';
import { findUnstorableText } from '@hirecast/domain/text';
import type { TConfig } from '../../config.ts';
import { createFileTusStore } from './tus-file.ts';
import { createDatabaseLocker, sweepUploadLocks, type TDatabaseLocker } from './tus-locker.ts';
import { createS3TusStore } from './tus-s3.ts';
import type { TTusStore } from './tus-store.ts';

export const UPLOADS_PATH = '/api/uploads';
// The company of each authenticated request, set by the Fastify route before the tus server sees the raw
// request (so it is never taken from the client).
export const uploadScopes = new WeakMap<object, string>();
type TTusRequest = { runtime?: { node?: { req: object } } };
const companyOf = (req: TTusRequest) => {
  const raw = req.runtime?.node?.req;
  return raw ? uploadScopes.get(raw) : undefined;
};

export type TTusUploads = TTusStore & { server: Server; locker: TDatabaseLocker; db: TDb };

/** How long an upload may wait, paused or finished but not yet made an asset, before it is removed. */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;
/** How often expired uploads are swept. */
export const UPLOAD_SWEEP_EVERY_MS = 3600_000;

const reject = (status_code: number, body: string) => ({ status_code, body });

// Options of both tus servers (employers' here, candidates' in public-apply/uploads.ts). Locations are
// relative, so neither Host nor X-Forwarded-Host is ever read (a forwarded header must not choose them
// whatever TRUST_PROXY says). No CORS: uploads come from our own pages, which need none, and another
// origin gets no Access-Control-Allow-Origin (the tus default is `*`).
export const TUS_SERVER_OPTIONS = {
  relativeLocation: true,
  respectForwardedHeaders: false,
  allowedOrigins: () => false,
} as const;

/** tus Upload-Metadata: `key base64value` pairs separated by commas. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) result[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return result;
}

/** Upload-Metadata (a file name, a job) reaches the database: the same refusal as every other input. */
export const checkUploadMetadata = (metadata: Record<string, string | null> | undefined) => {
  if (findUnstorableText(metadata ?? {}) !== null) throw reject(400, messages.textUnstorable);
};

// Upload ids carry their company: <companyId>_<uuid>. A request for another company's upload is answered
// 404 like one that does not exist (ARCHITECTURE.md Tenancy).
export const uploadCompany = (uploadId: string) => uploadId.split('_')[0] ?? '';

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
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: tusStore.store,
    locker,
    maxSize: ASSET_LIMITS.videoMaxBytes, // spec 3 §9: video 500 MB
    ...TUS_SERVER_OPTIONS,
    namingFunction: (req) => `${companyOf(req) ?? ''}_${randomUUID()}`,
    onIncomingRequest: async (req, uploadId) => {
      const companyId = companyOf(req);
      if (!companyId) throw reject(401, 'Unauthorized');
      if (uploadId && uploadCompany(uploadId) !== companyId) throw reject(404, 'Not found');
    },
    onUploadCreate: async (_req, upload) => {
      checkUploadMetadata(upload.metadata);
      const filename = upload.metadata?.filename;
      const filetype = upload.metadata?.filetype;
      if (!filename || !filetype) throw reject(400, 'filename and filetype metadata are required');
      return {};
    },
  });
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
