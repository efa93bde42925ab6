import { z } from 'zod';
import { DIMENSIONS } from './asset.ts';
import { zId } from './fields.ts';

// spec 3 §3 "Video template (animated video)", §4 "Template status", §5 "Animated video editor", §7 "Videos".
// This file is the contract between the editor (apps/web), the API (apps/server/src/modules/video) and the
// renderer: the stored template `data`, the API answer and the request bodies. The limits, their messages,
// the legacy conversion and the timeline live beside it (video-template-rules.ts, video-template-timeline.ts).

/** spec 3 §3: the nine fonts offered, in the spec's order. The renderer and the browser load the same files. */
export const TEMPLATE_FONTS = [
  'Open Sans',
  'Verdana',
  'Roboto',
  'Helvetica',
  'Montserrat',
  'Nunito',
  'Merriweather',
  'Times New Roman',
  'Playfair Display',
] as const;
export type TTemplateFont = (typeof TEMPLATE_FONTS)[number];

/** spec 3 §3: eleven soundtracks; their names are not shown, so they are ids. */
export const TEMPLATE_SOUNDTRACKS = Array.from(
  { length: 11 },
  (_, i) => `soundtrack-${i + 1}`,
) as readonly string[];

/** spec 3 §4: prepared is treated as draft. */
export const TEMPLATE_STATUSES = [
  'draft',
  'prepared',
  'preparing',
  'rendering',
  'rendered',
  'error',
] as const;
export type TTemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const DEFAULT_TEMPLATE_VOLUME = 0.1;

const zColor = z.string().trim().max(64);
/** A stored file: `url` plays in the browser; `assetId`/`imageId` tells the server which of the company's files it is. */
const zUrl = z.string().max(2048);

export const ZEntranceSection = z.object({
  type: z.literal('entrance'),
  id: z.string().min(1).max(64),
  text: z.string().max(128),
});

export const ZTemplateClip = z.object({
  /** The company's video asset the clip comes from; the renderer reads the clip through it, never through `url`. */
  assetId: zId.nullable(),
  url: zUrl,
  transcoded: z.boolean(),
  /** Milliseconds. */
  duration: z.number().int().min(0),
  question: z.string().max(90).optional(),
});

export const ZVideoSection = z.object({
  type: z.literal('video'),
  id: z.string().min(1).max(64),
  video: ZTemplateClip,
  title: z.string().max(90),
  subtitle: z.string().max(60),
  applySoundtrack: z.boolean(),
});

export const ZTransitionSection = z.object({
  type: z.literal('transition'),
  id: z.string().min(1).max(64),
  heading: z.string().max(30),
  text: z.string().max(128),
});

export const ZEndingSection = z.object({
  type: z.literal('ending'),
  id: z.string().min(1).max(64),
  text: z.string().max(90),
});

export const ZTemplateSection = z.discriminatedUnion('type', [
  ZEntranceSection,
  ZVideoSection,
  ZTransitionSection,
  ZEndingSection,
]);
export type TTemplateSection = z.infer<typeof ZTemplateSection>;
export type TTemplateClip = z.infer<typeof ZTemplateClip>;

/** spec 3 §3 "Default new template fields": what `data` holds. Shape only; the §5 rules are separate. */
export const ZTemplateData = z.object({
  type: z.enum(DIMENSIONS),
  title: z.string().max(90),
  cover: zUrl.nullable(),
  logo: z.object({ url: zUrl, imageId: zId.nullable() }).nullable(),
  backgroundColor: zColor,
  textColor: zColor,
  fontFamily: z.enum(TEMPLATE_FONTS),
  soundtrack: z.string().nullable(),
  volume: z.number().min(0).max(1),
  sections: z.array(ZTemplateSection).max(64),
});
export type TTemplateData = z.infer<typeof ZTemplateData>;

/** spec 3 §3 stored fields, as the API answers them (§7). */
export const ZVideoTemplate = z.object({
  _id: zId,
  title: z.string(),
  cover: z.string().nullable(),
  coverMobile: z.string().nullable(),
  data: ZTemplateData,
  status: z.enum(TEMPLATE_STATUSES),
  isSample: z.boolean(),
  updatedAt: z.string(),
  _owner: zId.nullable(),
  /** The rendered MP4's video asset, once rendered. */
  _file: zId.nullable(),
  dimension: z.enum(DIMENSIONS),
  /** Why the last render failed (status error). */
  errorReason: z.string().nullable(),
  /** 0–100 while preparing or rendering. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** spec 3 §3: the rendered MP4's renditions (480p and 720p), null until they exist. */
  videoMp4Url: z.string().nullable(),
  videoMp4Url_720p: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type TVideoTemplate = z.infer<typeof ZVideoTemplate>;

export const ZCreateVideoTemplateBody = z.object({
  title: z.string().trim().max(90),
  cover: z.string().max(2048).nullable().optional(),
  coverMobile: z.string().max(2048).nullable().optional(),
  data: ZTemplateData,
});
export const ZPatchVideoTemplateBody = ZCreateVideoTemplateBody.partial();

export const ZListVideoTemplatesQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(12),
  status: z.enum(['rendered']).optional(),
});
/**
 * spec 3 §7 GET /video: `videos` is one page of the company's own templates and `videosCount` counts only them
 * (the tab's pages of 12); `samples` are the sample templates to start from, the same on every page and empty
 * when only rendered ones are asked for (the media chooser lists the company's finished videos).
 */
export const ZVideoTemplateList = z.object({
  videos: z.array(ZVideoTemplate),
  videosCount: z.number().int(),
  samples: z.array(ZVideoTemplate),
});
export type TVideoTemplateList = z.infer<typeof ZVideoTemplateList>;

/** The live status event of one template (spec 3 §7 "video-rendering/{id}"), sent over server-sent events. */
export const ZTemplateStatusEvent = z.object({
  _id: zId,
  status: z.enum(TEMPLATE_STATUSES),
  progress: z.number().int().min(0).max(100).nullable(),
  errorReason: z.string().nullable(),
});
export type TTemplateStatusEvent = z.infer<typeof ZTemplateStatusEvent>;
