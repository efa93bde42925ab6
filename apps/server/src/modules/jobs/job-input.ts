import type { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { videoAssets, videoTemplates, type jobs } from '@hirecast/db/schema';
import { applyAiCascade } from '@hirecast/domain/ai-cascade';
import {
  DEFAULT_AI_SETTINGS,
  deltaHasText,
  missingRequiredJobFields,
  type TAiSettings,
  type ZUpdateJobRequest,
} from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { applyRedirectRules } from '@hirecast/domain/redirect-rules';
import { toEmbedUrl } from '@hirecast/domain/video-link';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl } from '../../lib/storage/keys.ts';
import { messages } from '@hirecast/domain/messages';
import { UUID } from '@hirecast/domain/uuid';
import { assertKeyOwner, checkStoredImage } from '../storage/index.ts';
import { additionalVideoIds, type TJobRow } from './serialize.ts';

export type TJobInput = z.output<typeof ZUpdateJobRequest>;
type TJobColumns = Partial<typeof jobs.$inferInsert>;

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });

const REQUIRED_FIELD_KEYS: Record<string, string> = {
  Title: 'title',
  Description: 'description',
  Location: 'location',
  'Job Post Heading': 'postHeading',
};

// spec 1 §5: a new listing needs Title, Description, Location and Job Post Heading; the error lists what is
// missing under 'Please fill the required fields:'.
export function assertRequiredForCreate(input: TJobInput) {
  const missing = missingRequiredJobFields(input);
  if (missing.length === 0) return;
  const message = `${jobMessages.requiredFieldsHeading} ${missing.join(', ')}`;
  throw new AppError(
    'VALIDATION',
    message,
    Object.fromEntries(missing.map((label) => [REQUIRED_FIELD_KEYS[label] ?? label, message])),
  );
}

// spec 1 §5 Edit messages: a required field cannot be blanked by an update.
function assertRequiredKept(input: TJobInput) {
  if (input.title !== undefined && !input.title) throw invalid('title', jobMessages.titleRequired);
  if (
    input.location !== undefined &&
    missingRequiredJobFields({ location: input.location }).includes('Location')
  )
    throw invalid('location', jobMessages.locationRequired);
  if (input.postHeading !== undefined && !input.postHeading)
    throw invalid('postHeading', jobMessages.postHeadingRequired);
  if (input.description !== undefined && !deltaHasText(input.description))
    throw invalid('description', jobMessages.descriptionRequired);
}

/**
 * The videos of `ids` a job of the company may show: its own library videos, and of those kept out of the
 * library (`exclude`) only the rendered video of one of its animated videos (spec 1: "Add a video (recorded,
 * animated, or a pasted link)"), or one the job already shows (an animated video rendered again or deleted
 * leaves its earlier video in place). A candidate's video is never one of these. Throws for `field` the
 * spec's message for the first video refused.
 */
async function assertJobVideos(
  ctx: TContext,
  { ids, companyId, kept, field }: { ids: string[]; companyId: string; kept: string[]; field: string },
) {
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({
      id: videoAssets.id,
      status: videoAssets.status,
      exclude: videoAssets.exclude,
      animated: videoTemplates.id,
    })
    .from(videoAssets)
    .leftJoin(
      videoTemplates,
      and(eq(videoTemplates.fileId, videoAssets.id), eq(videoTemplates.companyId, videoAssets.companyId)),
    )
    .where(and(inArray(videoAssets.id, ids), eq(videoAssets.companyId, companyId)));
  const byId = new Map(found.map((asset) => [asset.id, asset]));
  const onJob = new Set(kept.map((id) => id.toLowerCase()));
  for (const id of ids) {
    const asset = byId.get(id);
    if (!asset || (asset.exclude && !asset.animated && !onJob.has(id)))
      throw invalid(field, jobMessages.videoAssetMissing);
    if (asset.status === 'error') throw invalid(field, jobMessages.videoAssetFailed);
  }
}

// spec 1 §3 `_video (asset or string)`: a video the job may show (assertJobVideos; one that failed processing
// is refused) or a YouTube/Vimeo link, kept as its embed URL. Setting one clears the other.
async function videoColumns(ctx: TContext, value: string | null, companyId: string, current?: TJobRow) {
  if (!value) return { video: null, videoAssetId: null };
  if (UUID.test(value)) {
    const id = value.toLowerCase();
    const kept = current?.videoAssetId ? [current.videoAssetId] : [];
    await assertJobVideos(ctx, { ids: [id], companyId, kept, field: '_video' });
    return { video: null, videoAssetId: id };
  }
  const embed = toEmbedUrl(value);
  if (!embed) throw invalid('_video', jobMessages.videoLinkInvalid);
  return { video: embed, videoAssetId: null };
}

// spec 1 §3 `additionalVideos (list of _asset and order)`: videos the job may show (assertJobVideos), in the
// order given (duplicates dropped). A video that failed processing is refused.
async function additionalVideosColumn(ctx: TContext, ids: string[], companyId: string, current?: TJobRow) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const kept = current ? additionalVideoIds(current) : [];
  await assertJobVideos(ctx, { ids: unique, companyId, kept, field: 'additionalVideos' });
  return unique.map((assetId, order) => ({ assetId, order }));
}

// The job image must one of the caller's uploads and really an image of at most 10 MB (spec 1 §5).
async function checkImage(ctx: TContext, { image, userId }: { image: string; userId: string }) {
  const key = keyFromUrl(image);
  if (!key) throw invalid('image', messages.fileInvalid);
  await assertKeyOwner(ctx, { key, userId });
  await checkStoredImage(ctx, { key, imageType: 'image', variants: false });
  return ctx.storage.signGet({ key });
}

const NEW_JOB_STATE = {
  customApplication: false,
  customApplicationUrl: null,
  isExternalAtsValidation: false,
  aiSettings: DEFAULT_AI_SETTINGS,
  image: null,
} satisfies Partial<TJobRow>;

/**
 * The columns to write for a create (current = undefined) or an update: simple fields copied, required fields
 * kept, the redirect rules and the AI cascade applied (spec 1 §4), the video link turned into its embed URL and
 * the image checked. Throws the spec's message for the first problem.
 */
export async function jobColumns(
  ctx: TContext,
  {
    input,
    current,
    userId,
    companyId,
  }: { input: TJobInput; current?: TJobRow; userId: string; companyId: string },
): Promise<TJobColumns> {
  if (current) assertRequiredKept(input);
  const state = current ?? NEW_JOB_STATE;
  const columns: TJobColumns = {};
  const copy = [
    'title',
    'location',
    'postHeading',
    'description',
    'employmentType',
    'locationType',
    'salary',
    'isHiringNow',
    'showOtherJobs',
    'showAdditionalVideos',
    'hideLocation',
    'isAgencyIncluded',
    'isVideoOptional',
    'aiDescriptionData',
  ] as const;
  for (const key of copy) {
    if (input[key] !== undefined) Object.assign(columns, { [key]: input[key] });
  }
  if (input.videoQuestion !== undefined) columns.videoQuestion = input.videoQuestion || null;
  if (input.language !== undefined) columns.language = input.language;
  if (input.customQuestion !== undefined) columns.customQuestion = input.customQuestion || null;

  if (
    input.customApplication !== undefined ||
    input.customApplicationURL !== undefined ||
    input.isExternalATSValidation !== undefined
  ) {
    const result = applyRedirectRules(
      {
        customApplication: state.customApplication,
        customApplicationURL: state.customApplicationUrl,
        isExternalATSValidation: state.isExternalAtsValidation,
      },
      {
        customApplication: input.customApplication,
        customApplicationURL: input.customApplicationURL,
        isExternalATSValidation: input.isExternalATSValidation,
      },
    );
    if (!result.ok) throw invalid(result.field, result.message);
    columns.customApplication = result.value.customApplication;
    columns.customApplicationUrl = result.value.customApplicationURL;
    columns.isExternalAtsValidation = result.value.isExternalATSValidation;
  }

  if (input.aiSettings !== undefined || !current) {
    columns.aiSettings = applyAiCascade(state.aiSettings as TAiSettings, input.aiSettings ?? {});
  }

  if (input._video !== undefined)
    Object.assign(columns, await videoColumns(ctx, input._video, companyId, current));

  if (input.additionalVideos !== undefined) {
    columns.additionalVideos = await additionalVideosColumn(ctx, input.additionalVideos, companyId, current);
  }

  if (input.image !== undefined && input.image !== state.image) {
    columns.image = input.image ? await checkImage(ctx, { image: input.image, userId }) : null;
  }
  return columns;
}
