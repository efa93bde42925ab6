import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import {
  APPLY_LIMITS,
  applyMessages,
  VIDEO_CONTENT_TYPES,
  type PUBLIC_UPLOAD_CONTENT_TYPES,
} from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import { findUnstorableText } from '@hirecast/domain/text';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { newUploadKey } from '../../lib/storage/keys.ts';
import {
  checkUploadMetadata,
  TUS_SERVER_OPTIONS,
  uploadCompany,
  uploadScopes,
  type TTusUploads,
} from '../uploads/index.ts';
import { assertTakesVideo, findJobForApply } from './job.ts';

type TPublicUploadType = (typeof PUBLIC_UPLOAD_CONTENT_TYPES)[number];

export const PUBLIC_UPLOAD_EXTENSION: Record<TPublicUploadType, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};
export const CV_EXTENSIONS = ['pdf', 'docx'];
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'];

/** Signed upload URLs for candidates live as long as the spec's other upload links: 15 minutes. */
export const PUBLIC_SIGNED_URL_SECONDS = 15 * 60;

// Issue 5 item 5: GET /api/public/signed-url. The key sits in the job's company area (private, signed to read),
// so the application can later claim it; size and real type are checked when the application is sent.
export async function signCandidateUpload(
  ctx: TContext,
  { shortId, contentType }: { shortId: string; contentType: TPublicUploadType },
) {
  const job = await findJobForApply(ctx, shortId);
  if ((VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType)) assertTakesVideo(job);
  const key = newUploadKey({
    ownerId: job.companyId,
    ext: PUBLIC_UPLOAD_EXTENSION[contentType],
    isPublic: false,
  });
  const url = await ctx.storage.signPut({ key, contentType, expiresIn: PUBLIC_SIGNED_URL_SECONDS });
  return { url, key };
}

// Candidates' resumable uploads (tus) at /api/public/uploads. They share the store (folder, expiry and sweep)
// of the employers' /api/uploads, so `takeTusUpload` claims them the same way; a second tus Server is needed
// only because a Server answers Location under its own path. The Fastify route resolves the scope (the job's
// company) before the tus server sees the request, as uploads/routes.ts does for a signed-in company.
export const PUBLIC_UPLOADS_PATH = '/api/public/uploads';
/** Set by the server on a candidate's upload (whatever the client sent): the shortId of its job. */
export const PUBLIC_JOB_METADATA = 'hirecastJob';
const UPLOAD_ID = /^[0-9a-f-]{36}_[0-9a-f-]{36}$/;

type TTusRequest = { runtime?: { node?: { req: object } } };
const scopeOf = (req: TTusRequest) => {
  const raw = req.runtime?.node?.req;
  return raw ? uploadScopes.get(raw) : undefined;
};
const reject = (status_code: number, body: string) => ({ status_code, body });

export function createPublicTusServer(tus: TTusUploads) {
  return new Server({
    path: PUBLIC_UPLOADS_PATH,
    datastore: tus.store,
    // The same database locks as the employers' server: one upload is locked alike whichever path it takes.
    locker: tus.locker,
    maxSize: APPLY_LIMITS.videoMaxBytes,
    ...TUS_SERVER_OPTIONS,
    namingFunction: (req) => `${scopeOf(req) ?? ''}_${randomUUID()}`,
    onIncomingRequest: async (req, uploadId) => {
      const companyId = scopeOf(req);
      if (!companyId || (uploadId && uploadCompany(uploadId) !== companyId)) throw reject(404, 'Not found');
    },
    onUploadCreate: async (_req, upload) => {
      checkUploadMetadata(upload.metadata);
      const { filename, filetype, job } = upload.metadata ?? {};
      if (!filename || !filetype || !job)
        throw reject(400, 'filename, filetype and job metadata are required');
      if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(filetype))
        throw reject(415, applyMessages.videoWrongType);
      return { metadata: { ...upload.metadata, [PUBLIC_JOB_METADATA]: job } };
    },
  });
}

/** tus Upload-Metadata: `key base64value` pairs separated by commas. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) result[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return result;
}

const uploadNotFound = () => new AppError('NOT_FOUND', applyMessages.uploadMissing);

/**
 * The company a candidate's tus request is scoped to: for a new upload, the company of the open job named in
 * its metadata; for an existing one, the company in its id, provided it is a candidate's upload.
 */
export async function publicUploadScope(
  ctx: TContext,
  { tus, uploadId, metadata }: { tus: TTusUploads; uploadId?: string; metadata?: string },
): Promise<string> {
  if (uploadId === undefined) {
    const parsed = parseUploadMetadata(metadata);
    if (findUnstorableText(parsed) !== null) throw new AppError('VALIDATION', messages.textUnstorable);
    const job = await findJobForApply(ctx, parsed.job ?? '');
    assertTakesVideo(job);
    return job.companyId;
  }
  if (!UPLOAD_ID.test(uploadId)) throw uploadNotFound();
  const upload = await tus.store.getUpload(uploadId).catch(() => null);
  if (!upload?.metadata?.[PUBLIC_JOB_METADATA]) throw uploadNotFound();
  return uploadCompany(uploadId);
}

export const isPublicUploadId = (uploadId: string) => UPLOAD_ID.test(uploadId);
