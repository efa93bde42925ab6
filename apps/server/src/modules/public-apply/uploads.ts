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
  createTusServer,
  isUploadId,
  parseUploadMetadata,
  uploadCompany,
  type TTusUploads,
} from '../uploads/index.ts';
import { recordCandidateUpload } from '../applications/index.ts';
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
  {
    shortId,
    contentType,
    session = null,
  }: { shortId: string; contentType: TPublicUploadType; session?: string | null },
) {
  const job = await findJobForApply(ctx, shortId);
  if ((VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType)) assertTakesVideo(job);
  const key = newUploadKey({
    ownerId: job.companyId,
    ext: PUBLIC_UPLOAD_EXTENSION[contentType],
    isPublic: false,
  });
  const url = await ctx.storage.signPut({ key, contentType, expiresIn: PUBLIC_SIGNED_URL_SECONDS });
  // Issue 33: the file belongs to the application this session sends, or is swept after a day.
  await recordCandidateUpload(ctx.db, {
    key,
    companyId: job.companyId,
    jobId: job.id,
    applySession: session,
  });
  return { url, key };
}

// Candidates' resumable uploads (tus) at /api/public/uploads. They share the store (folder, expiry and sweep)
// of the employers' /api/uploads, so `takeTusUpload` claims them the same way. The Fastify route resolves the
// scope (the job's company) before the tus server sees the request, as uploads/routes.ts does for a signed-in
// company.
export const PUBLIC_UPLOADS_PATH = '/api/public/uploads';
/** Set by the server on a candidate's upload (whatever the client sent): the shortId of its job. */
export const PUBLIC_JOB_METADATA = 'hirecastJob';

export function createPublicTusServer(tus: TTusUploads) {
  return createTusServer(tus, {
    path: PUBLIC_UPLOADS_PATH,
    maxSize: APPLY_LIMITS.videoMaxBytes,
    unscoped: { status: 404, body: 'Not found' },
    required: ['filename', 'filetype', 'job'],
    types: { accept: VIDEO_CONTENT_TYPES, refusal: applyMessages.videoWrongType },
    mark: { key: PUBLIC_JOB_METADATA, from: 'job' },
  });
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
  if (!isUploadId(uploadId)) throw uploadNotFound();
  const upload = await tus.store.getUpload(uploadId).catch(() => null);
  if (!upload?.metadata?.[PUBLIC_JOB_METADATA]) throw uploadNotFound();
  return uploadCompany(uploadId);
}
