import { z } from 'zod';
import { ROLES, type TRole } from './constants.ts';
import { CAPTION_STATES } from './captions.ts';

// spec 3 §3 Video asset, Image asset, Other; §4 Video asset status; §5 Files, Text and tags, Roles; §7 Assets; §9.

export const ASSET_LIMITS = {
  titleMax: 90,
  tagsMax: 10,
  thumbnailsShown: 10,
  pageSize: 12,
  listLimitMax: 50,
  videoMaxBytes: 500 * 1024 * 1024,
  imageMaxBytes: 10 * 1024 * 1024,
  thumbnailMaxBytes: 20 * 1024 * 1024,
} as const;

export const assetMessages = {
  titleTooLong: `Title must be at most ${ASSET_LIMITS.titleMax} characters`,
  titleRequired: 'Please fill in the title',
  tooManyTags: 'You can only select 10 tags',
  viewerStory: "Viewer can't publish a story",
  notOwner: 'You can only change assets you own',
  notFound: 'Asset not found',
  imageNotFound: 'Image not found',
  qualityProcessing: 'This quality is still being processed.',
  videoWrongType: 'File type must be one of MOV, MP4 or WEBM',
  videoTooLarge: 'The file size cannot be larger than 500mb',
  uploadMissing: 'The upload was not found or is not complete',
  sourceRequired: 'Either uploadId or key is required',
} as const;

// spec 3 §4: new is displayed as prepared.
export const VIDEO_ASSET_STATUSES = ['new', 'prepared', 'posted', 'in progress', 'ready', 'error'] as const;
export type TVideoAssetStatus = (typeof VIDEO_ASSET_STATUSES)[number];
export const videoAssetStatusLabel = (status: TVideoAssetStatus) => (status === 'new' ? 'prepared' : status);
/** spec 3 §4: the card opens the viewer only when status is prepared, posted or new. */
export const canOpenVideoAsset = (status: TVideoAssetStatus) =>
  status === 'prepared' || status === 'posted' || status === 'new';

export const DIMENSIONS = ['landscape', 'portrait'] as const;
export type TDimension = (typeof DIMENSIONS)[number];

export const DOWNLOAD_QUALITIES = ['original', '480p', '720p'] as const;
export type TDownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

// spec 3 §5 Files: the table of client-side checks, with its exact messages.
export type TMediaFileKind = 'video' | 'image' | 'recorder' | 'imageLibrary' | 'thumbnail' | 'logo';
type TFileRule = { types: readonly string[]; maxBytes: number; wrongType: string; tooLarge: string };
const MB = 1024 * 1024;
export const MEDIA_FILE_RULES: Record<TMediaFileKind, TFileRule> = {
  video: {
    types: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo', 'video/avi'],
    maxBytes: 500 * MB,
    wrongType: assetMessages.videoWrongType,
    tooLarge: assetMessages.videoTooLarge,
  },
  image: {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 10 * MB,
    wrongType: 'File type must be one of PNG, JPEG, WEBP',
    tooLarge: 'The file size cannot be larger than 10mb',
  },
  recorder: {
    types: ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/avi'],
    maxBytes: 500 * MB,
    wrongType: 'File type must be one of  mp4, mov, qt or avi.',
    tooLarge: 'The file cannot be larger than 500 mb.',
  },
  imageLibrary: {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 10 * MB,
    wrongType: 'File type must be one of PNG, JPEG, WEBP',
    tooLarge: 'File cannot be larger than 10 mb',
  },
  thumbnail: {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 20 * MB,
    wrongType: 'File type must be one of jpg, png',
    tooLarge: 'File is larger than 20 mb!',
  },
  logo: {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 2 * MB,
    wrongType: 'File type must be one of PNG, JPEG, WEBP',
    tooLarge: 'File cannot be larger than 2 mb',
  },
};
export const RECORDER_INVALID_VIDEO = 'Invalid video. Please select a video file.';

export type TFileLike = { size: number; type: string };

/** The spec's check before an upload; null when the file passes. Mixed mode: pass the kind by type. */
export function checkMediaFile(kind: TMediaFileKind, file: TFileLike): string | null {
  const rule = MEDIA_FILE_RULES[kind];
  if (kind === 'recorder' && !file.type.startsWith('video/')) return RECORDER_INVALID_VIDEO;
  if (!rule.types.includes(file.type)) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}
export const checkVideoFile = (file: TFileLike) => checkMediaFile('video', file);
/** spec 3 §5 Mixed mode: videos and images both accepted, each by its own rule. */
export const checkMixedFile = (file: TFileLike) =>
  checkMediaFile(file.type.startsWith('image/') ? 'image' : 'video', file);

// spec 3 §9 Crop presets; output is webp and the title gets the suffix -cropped.
export const CROP_PRESETS = [
  { key: 'free', label: 'Free', aspect: null },
  { key: 'square', label: 'Square 1:1', aspect: 1 },
  { key: 'landscape', label: 'Landscape 16:9', aspect: 16 / 9 },
  { key: 'portrait', label: 'Portrait 9:16', aspect: 9 / 16 },
  { key: 'original', label: 'Original', aspect: 'original' },
] as const;
export type TCropPreset = (typeof CROP_PRESETS)[number]['key'];
/** The aspect ratio of a preset; Original uses the image's own, Free has none. */
export function cropAspect(preset: TCropPreset, image: { width: number; height: number }): number | null {
  const found = CROP_PRESETS.find((p) => p.key === preset);
  if (!found || found.aspect === null) return null;
  if (found.aspect === 'original') return image.height > 0 ? image.width / image.height : null;
  return found.aspect;
}
export const CROPPED_SUFFIX = '-cropped';
/** 'Photo' -> 'Photo-cropped'; cropping again does not stack suffixes; the result stays within 90. */
export function croppedTitle(title: string): string {
  const base = title.endsWith(CROPPED_SUFFIX) ? title.slice(0, -CROPPED_SUFFIX.length) : title;
  return base.slice(0, ASSET_LIMITS.titleMax - CROPPED_SUFFIX.length) + CROPPED_SUFFIX;
}
export const CROP_OUTPUT_TYPE = 'image/webp';

// spec 3 §6: a viewer changes only their own assets and cannot publish a story.
export const canChangeAsset = (input: { role: TRole; userId: string; ownerId: string | null }) =>
  input.role > ROLES.viewer || input.userId === input.ownerId;
export const canPublishStory = (role: TRole) => role > ROLES.viewer;

// --- shapes ---

// A media reference from the client: one of our storage keys or an http(s) URL (never javascript: and the like).
const zMediaRef = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(https?:\/\/|uploads\/)/.test(v), 'Invalid file address');

const zTitle = z
  .string()
  .trim()
  .min(1, assetMessages.titleRequired)
  .max(ASSET_LIMITS.titleMax, assetMessages.titleTooLong);
const zTags = z.array(z.string().trim().min(1).max(50)).max(ASSET_LIMITS.tagsMax, assetMessages.tooManyTags);

export const ZVideoAssetData = z.object({
  videoUrl: z.string().nullable().optional(),
  thumbnailUrl: z.string().nullable().optional(),
  customThumbnailUrl: z.string().nullable().optional(),
  customMobileThumbnailUrl: z.string().nullable().optional(),
  videoMp4Url: z.string().nullable().optional(),
  videoMp4Url_720p: z.string().nullable().optional(),
  image400: z.string().nullable().optional(),
  image640: z.string().nullable().optional(),
});
export type TVideoAssetData = z.infer<typeof ZVideoAssetData>;

export const ZVideoAsset = z.object({
  _id: z.string(),
  _company: z.string(),
  _owner: z.string().nullable(),
  type: z.literal(0),
  title: z.string(),
  fileName: z.string(),
  status: z.enum(VIDEO_ASSET_STATUSES),
  statusReason: z.string().nullable(),
  data: ZVideoAssetData,
  thumbnails: z.array(z.string()),
  _tags: z.array(z.string()),
  _question: z.string().nullable(),
  isStory: z.boolean(),
  dimension: z.enum(DIMENSIONS).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
  exclude: z.boolean(),
  /** Issue 34: none, generated or reviewed captions (lists of the library's videos say). */
  captionState: z.enum(CAPTION_STATES).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TVideoAsset = z.infer<typeof ZVideoAsset>;

/** Every video's thumbnails once the pipeline is done with them: 5, or one every 5 s past 20 s (spec 3 §5), so
 * always more than the one its poster is made of, which comes first (decision 039). */
const hasAllThumbnails = (thumbnails: readonly string[]) => thumbnails.length > 1;

/** Still being worked on by the pipeline: not failed, and a rendition (480p or 720p) or the thumbnails not yet
 * there. A copied (remuxed) video has its 720p first and its 480p last (decision 031), so both count; it plays
 * with one thumbnail (the poster's) and gets the others after (decision 039). Lists of videos look again while
 * any is. */
export const isVideoProcessing = (asset: Pick<TVideoAsset, 'status' | 'data' | 'thumbnails'>) =>
  asset.status !== 'error' &&
  (!asset.data.videoMp4Url || !asset.data.videoMp4Url_720p || !hasAllThumbnails(asset.thumbnails));

/**
 * How far the pipeline is with a video, in percent, from what it has saved so far (spec 3 §4 statuses, in
 * the pipeline's order: queued as new, in progress, the 480p rendition (prepared), the thumbnails, the 720p
 * rendition); null once nothing is left to do or it failed.
 */
export function videoProcessingPercent(
  asset: Pick<TVideoAsset, 'status' | 'data' | 'thumbnails'>,
): number | null {
  if (!isVideoProcessing(asset)) return null;
  if (asset.status === 'new' && !asset.data.videoMp4Url) return 10;
  const done = [
    Boolean(asset.data.videoMp4Url),
    hasAllThumbnails(asset.thumbnails),
    Boolean(asset.data.videoMp4Url_720p),
  ].filter(Boolean).length;
  return 25 + done * 25;
}

/** What a player loads: the 720p rendition plays everywhere (iOS included); the 480p one, then the original,
 * stand in while it is being made. */
export const playableUrl = (asset: Pick<TVideoAsset, 'data'>) =>
  asset.data.videoMp4Url_720p || asset.data.videoMp4Url || asset.data.videoUrl || undefined;

export const ZCreateAssetRequest = z
  .object({
    type: z.literal(0).default(0),
    title: zTitle,
    fileName: z.string().trim().min(1).max(255),
    uploadId: z.string().trim().min(1).max(200).optional(),
    key: z.string().trim().min(1).max(300).optional(),
    _question: z.string().trim().max(ASSET_LIMITS.titleMax).nullable().optional(),
    status: z.enum(VIDEO_ASSET_STATUSES).optional(),
    isStory: z.boolean().optional(),
    dimension: z.enum(DIMENSIONS).optional(),
    _tags: zTags.optional(),
    width: z.number().int().positive().max(20_000).optional(),
    height: z.number().int().positive().max(20_000).optional(),
    duration: z.number().nonnegative().max(86_400).optional(),
    exclude: z.boolean().optional(),
    data: z
      .object({
        customThumbnailUrl: zMediaRef.nullable().optional(),
        customMobileThumbnailUrl: zMediaRef.nullable().optional(),
      })
      .optional(),
  })
  .refine((v) => Boolean(v.uploadId) !== Boolean(v.key), {
    message: assetMessages.sourceRequired,
    path: ['uploadId'],
  });
export type TCreateAssetRequest = z.input<typeof ZCreateAssetRequest>;

// spec 3 §7: PATCH /asset/{id} is {title}, or {customThumbnailUrl, customMobileThumbnailUrl, isStory, _tags}.
export const ZUpdateAssetRequest = z
  .object({
    title: zTitle.optional(),
    customThumbnailUrl: zMediaRef.nullable().optional(),
    customMobileThumbnailUrl: zMediaRef.nullable().optional(),
    isStory: z.boolean().optional(),
    _tags: zTags.optional(),
  })
  .strict();
export type TUpdateAssetRequest = z.input<typeof ZUpdateAssetRequest>;

export const ZAssetListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(ASSET_LIMITS.listLimitMax).default(ASSET_LIMITS.pageSize),
  search: z.string().trim().max(200).optional(),
  dimension: z.enum(DIMENSIONS).optional(),
  status: z.enum(VIDEO_ASSET_STATUSES).optional(),
});
export type TAssetListQuery = z.input<typeof ZAssetListQuery>;
export const ZAssetListResponse = z.object({ assets: z.array(ZVideoAsset), count: z.number().int() });
export type TAssetListResponse = z.infer<typeof ZAssetListResponse>;

export const ZDownloadQuery = z.object({ quality: z.enum(DOWNLOAD_QUALITIES).default('original') });
export const ZDownloadResponse = z.object({ url: z.string() });

export const ZEngagementRequest = z.object({
  /** Issue 23 item 1: the furthest position reached, in seconds; fractions count (half a second is played). */
  second: z.number().min(0).max(86_400),
  sessionId: z.string().trim().min(8).max(100),
});
export type TEngagementRequest = z.input<typeof ZEngagementRequest>;
export const ZVideoEngagementPoint = z.object({
  second: z.number(),
  viewers: z.number(),
  percentage: z.number(),
});
export const ZAssetStatistic = z.object({ videoEngagement: z.array(ZVideoEngagementPoint) });
export type TAssetStatistic = z.infer<typeof ZAssetStatistic>;

export const ZTagsResponse = z.object({ tags: z.array(z.string()) });

// Image assets (spec 3 §3 Image asset): default title New image.
export const DEFAULT_IMAGE_TITLE = 'New image';
export const ZImageAsset = z.object({
  _id: z.string(),
  _company: z.string(),
  _owner: z.string().nullable(),
  title: z.string(),
  fileName: z.string(),
  url: z.string(),
  data: z.object({ image400: z.object({ url: z.string() }), image640: z.object({ url: z.string() }) }),
  dimension: z.enum(DIMENSIONS).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TImageAsset = z.infer<typeof ZImageAsset>;

export const ZCreateImageAssetRequest = z
  .object({
    title: zTitle.default(DEFAULT_IMAGE_TITLE),
    url: z.string().max(2000).optional(),
    key: z.string().trim().min(1).max(300).optional(),
    fileName: z.string().trim().min(1).max(255),
  })
  .refine((v) => Boolean(v.url) || Boolean(v.key), {
    message: 'Either url or key is required',
    path: ['key'],
  });
export type TCreateImageAssetRequest = z.input<typeof ZCreateImageAssetRequest>;
export const ZUpdateImageAssetRequest = z.object({ title: zTitle }).strict();
export const ZImageAssetListQuery = ZAssetListQuery.pick({ skip: true, limit: true, search: true });
export const ZImageAssetListResponse = z.object({ assets: z.array(ZImageAsset), count: z.number().int() });

/** spec 3 §2 Onboarding videos: titles start with a number and the list is sorted by it. */
export function leadingNumber(title: string): number {
  const m = /^\s*(\d+)/.exec(title);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

/** spec 3 §5 Thumbnails, §9: up to 10 thumbnails are shown. */
export const MAX_THUMBNAILS_SHOWN = ASSET_LIMITS.thumbnailsShown;
