import { z } from 'zod';
import type { TDimension } from './asset.ts';
import {
  DEFAULT_TEMPLATE_VOLUME,
  TEMPLATE_FONTS,
  ZTemplateClip,
  ZTemplateData,
  type TTemplateData,
  type TTemplateSection,
  type TTemplateStatus,
} from './video-template.ts';

// spec 3 §5 "Animated video editor" and §9: the limits of a template and their messages, used by the editor
// (as the user types) and by the API (on save and before rendering).

export const TEMPLATE_LIMITS = {
  /** spec 3 §5, §9: the clips of all video sections together. */
  maxTotalVideoSeconds: 60,
  /** spec 3 §5, §9: landscape 3 videos, portrait 15. */
  maxVideos: { landscape: 3, portrait: 15 } as const satisfies Record<TDimension, number>,
  /** spec 3 §5 "Max lengths" (characters), by the field they apply to. */
  text: {
    /** title 90 */
    title: 90,
    /** company bio 128: the entrance card's text */
    entranceText: 128,
    /** caption 90: a video's title */
    videoTitle: 90,
    /** sub-heading 60: a video's subtitle */
    videoSubtitle: 60,
    /** transition heading 30 (also "heading 30") */
    transitionHeading: 30,
    /** transition text 128 */
    transitionText: 128,
    /** closing call to action 90: the ending card's text */
    endingText: 90,
  },
  /** spec 3 §5: volume slider 0 to 1, step 0.01. */
  volume: { min: 0, max: 1, step: 0.01 },
  /**
   * Renders of one company queued or running at once (ARCHITECTURE.md: per-company caps keep one company's
   * burst from delaying another's work); Finalize past it answers 429 with `renderLimit`.
   */
  maxRendersPerCompany: 3,
} as const;

export type TTemplateTextField = keyof typeof TEMPLATE_LIMITS.text;

/** How each limited field is named in messages. */
export const TEMPLATE_FIELD_LABELS: Record<TTemplateTextField, string> = {
  title: 'Title',
  entranceText: 'Company bio',
  videoTitle: 'Caption',
  videoSubtitle: 'Sub-heading',
  transitionHeading: 'Transition heading',
  transitionText: 'Transition text',
  endingText: 'Closing call to action',
};

const { maxTotalVideoSeconds } = TEMPLATE_LIMITS;

/** spec 3 §5: the exact messages; "..." in the spec filled with the limit that applies. */
export const TEMPLATE_MESSAGES = {
  totalDuration: `The total duration of all the videos added should not exceed ${maxTotalVideoSeconds} seconds`,
  sectionsDurationLimit: `You can't add any more sections, as the videos you added already reached a limit of ${maxTotalVideoSeconds} seconds`,
  sectionsCountLimit: (type: TDimension) =>
    `You can't add any more sections, as the videos you added already reached a limit of ${TEMPLATE_LIMITS.maxVideos[type]} videos`,
  tooManyVideos: (type: TDimension) =>
    `A ${type} video can have at most ${TEMPLATE_LIMITS.maxVideos[type]} videos`,
  /** spec 3 §5: '... can't be empty.' for the transition heading and the ending text. */
  transitionHeadingEmpty: "Transition heading can't be empty.",
  endingTextEmpty: "Closing call to action can't be empty.",
  /** spec 3 §3 "the video url must not be a default one". */
  videoEmpty: "Video can't be empty.",
  noVideos: 'Add at least one video.',
  tooLong: (field: TTemplateTextField) =>
    `${TEMPLATE_FIELD_LABELS[field]} must be at most ${TEMPLATE_LIMITS.text[field]} characters`,
  /** The opening first, the closing last (the editor's drag cannot move them; the API refuses it too). */
  openingFirst: 'The opening must stay the first section.',
  closingLast: 'The closing must stay the last section.',
  /** Finalize while the company already has `maxRendersPerCompany` renders queued or running (429). */
  renderLimit: `Your team already has ${TEMPLATE_LIMITS.maxRendersPerCompany} animated videos rendering. Please finalize this one when one of them is ready.`,
  /** Too many templates created by one person in an hour (429). */
  createLimit: 'You have created a lot of animated videos in the last hour. Please try again later.',
  /** A logo that is not an image of the company's library. */
  logoForeign: 'The logo is not in your image library',
  // spec 3 §8
  invalidJson: 'Invalid JSON',
  playerError: 'VideoPlayer template error',
} as const;

/**
 * spec 3 §3 "the video url must not be a default one": a new video section holds an empty url, and older
 * samples held a placeholder under /default/ or named default-video.
 */
export const DEFAULT_TEMPLATE_VIDEO_URL = '';
export function isDefaultVideoUrl(url: string): boolean {
  const u = url.trim();
  return u === DEFAULT_TEMPLATE_VIDEO_URL || /(^|\/)default(-video)?(\/|\.|$)/i.test(u);
}

/** A field's error: `field` is the dotted path in `data` ('sections.2.heading', 'title'). */
export type TTemplateFieldError = { field: string; message: string };

const videoSections = (data: Pick<TTemplateData, 'sections'>) =>
  data.sections.filter((s): s is Extract<TTemplateSection, { type: 'video' }> => s.type === 'video');

/** Milliseconds of all the clips together. */
export function totalVideoMs(data: Pick<TTemplateData, 'sections'>): number {
  return videoSections(data).reduce((sum, s) => sum + Math.max(0, s.video.duration), 0);
}

/**
 * Whether one more section of `kind` may be added (the editor's add buttons): null when it may, else the
 * message. Only videos are limited (count per format, and no new video once the clips fill 60 s).
 */
export function addSectionError(
  type: TDimension,
  data: Pick<TTemplateData, 'sections'>,
  kind: TTemplateSection['type'],
): string | null {
  if (kind !== 'video') return null;
  if (videoSections(data).length >= TEMPLATE_LIMITS.maxVideos[type])
    return TEMPLATE_MESSAGES.sectionsCountLimit(type);
  if (totalVideoMs(data) >= maxTotalVideoSeconds * 1000) return TEMPLATE_MESSAGES.sectionsDurationLimit;
  return null;
}

/** Whether a clip of `durationMs` fits beside the others (null) or exceeds 60 s (the message). */
export function addClipError(
  data: Pick<TTemplateData, 'sections'>,
  durationMs: number,
  replacingSectionId?: string,
) {
  const others = videoSections(data)
    .filter((s) => s.id !== replacingSectionId)
    .reduce((sum, s) => sum + Math.max(0, s.video.duration), 0);
  return others + durationMs > maxTotalVideoSeconds * 1000 ? TEMPLATE_MESSAGES.totalDuration : null;
}

function tooLong(errors: TTemplateFieldError[], field: string, value: string, limit: TTemplateTextField) {
  if (value.length > TEMPLATE_LIMITS.text[limit])
    errors.push({ field, message: TEMPLATE_MESSAGES.tooLong(limit) });
}

/**
 * spec 3 §5: what Save as draft requires: the character limits, the number of videos and their total
 * duration. Required fields may still be empty in a draft. `title` is the template's title when it is kept
 * beside `data` (the stored field); it defaults to data.title.
 */
export function validateTemplateForSave(
  data: TTemplateData,
  title: string = data.title,
): TTemplateFieldError[] {
  const errors: TTemplateFieldError[] = [];
  tooLong(errors, 'title', title, 'title');
  data.sections.forEach((s, i) => {
    const at = `sections.${i}`;
    switch (s.type) {
      case 'entrance':
        tooLong(errors, `${at}.text`, s.text, 'entranceText');
        break;
      case 'video':
        tooLong(errors, `${at}.title`, s.title, 'videoTitle');
        tooLong(errors, `${at}.subtitle`, s.subtitle, 'videoSubtitle');
        break;
      case 'transition':
        tooLong(errors, `${at}.heading`, s.heading, 'transitionHeading');
        tooLong(errors, `${at}.text`, s.text, 'transitionText');
        break;
      case 'ending':
        tooLong(errors, `${at}.text`, s.text, 'endingText');
        break;
    }
  });
  errors.push(...sectionOrderErrors(data.sections));
  if (videoSections(data).length > TEMPLATE_LIMITS.maxVideos[data.type])
    errors.push({ field: 'sections', message: TEMPLATE_MESSAGES.tooManyVideos(data.type) });
  if (totalVideoMs(data) > maxTotalVideoSeconds * 1000)
    errors.push({ field: 'sections', message: TEMPLATE_MESSAGES.totalDuration });
  return errors;
}

/**
 * spec 3 §3 "Required keys" and §4 "Finalize is disabled until all required fields are filled": the save
 * rules plus a real clip in every video section (and at least one), a transition heading and an ending text.
 */
export function validateTemplateForFinalize(
  data: TTemplateData,
  title: string = data.title,
): TTemplateFieldError[] {
  const errors = validateTemplateForSave(data, title);
  if (videoSections(data).length === 0)
    errors.push({ field: 'sections', message: TEMPLATE_MESSAGES.noVideos });
  data.sections.forEach((s, i) => {
    const at = `sections.${i}`;
    if (s.type === 'video' && (isDefaultVideoUrl(s.video.url) || s.video.duration <= 0))
      errors.push({ field: `${at}.video`, message: TEMPLATE_MESSAGES.videoEmpty });
    if (s.type === 'transition' && s.heading.trim() === '')
      errors.push({ field: `${at}.heading`, message: TEMPLATE_MESSAGES.transitionHeadingEmpty });
    if (s.type === 'ending' && s.text.trim() === '')
      errors.push({ field: `${at}.text`, message: TEMPLATE_MESSAGES.endingTextEmpty });
  });
  return errors;
}

/**
 * spec 3 §2 "Sections: opening or branding, video segments…, and a closing": an opening may only be the first
 * section and a closing only the last (so there is at most one of each).
 */
export function sectionOrderErrors(
  sections: readonly Pick<TTemplateSection, 'type'>[],
): TTemplateFieldError[] {
  // Whole-list problems, like the number of videos: the editor shows them above the form.
  const errors: TTemplateFieldError[] = [];
  sections.forEach((s, i) => {
    if (s.type === 'entrance' && i !== 0)
      errors.push({ field: 'sections', message: TEMPLATE_MESSAGES.openingFirst });
    if (s.type === 'ending' && i !== sections.length - 1)
      errors.push({ field: 'sections', message: TEMPLATE_MESSAGES.closingLast });
  });
  return errors;
}

/**
 * Whether moving the section at `from` to `to` keeps the opening first and the closing last: neither of them
 * moves, and nothing moves before the opening or after the closing. The editor's drag asks this.
 */
export function canMoveSection(
  sections: readonly Pick<TTemplateSection, 'type'>[],
  from: number,
  to: number,
) {
  if (from === to) return true;
  const moving = sections[from];
  const target = sections[to];
  if (!moving || !target) return false;
  if (moving.type === 'entrance' || moving.type === 'ending') return false;
  return target.type !== 'entrance' && target.type !== 'ending';
}

/**
 * A duration as players show it: whole seconds, counted down like the browser's own video controls (20.9 s is
 * 0:20, so the editor, the cards and the rendered MP4's player agree), as m:ss or h:mm:ss. Null when unknown.
 */
export function formatPlaybackTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The first message per field, for forms. */
export function templateErrorsByField(errors: TTemplateFieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const e of errors) byField[e.field] ??= e.message;
  return byField;
}

// ---- spec 3 §3: legacy templates with fixed fields --------------------------------------------------------

const ZLegacyVideo = z.object({
  video: ZTemplateClip,
  title: z.string().default(''),
  subtitle: z.string().default(''),
  applySoundtrack: z.boolean().default(true),
});

/**
 * The fixed-field shape older templates were stored in: one entrance text, two videos with a transition
 * between them, and an ending. Everything else is as in ZTemplateData; missing style fields get defaults.
 */
export const ZLegacyTemplateData = z.object({
  type: ZTemplateData.shape.type,
  title: z.string().default(''),
  cover: z.string().nullable().default(null),
  logo: ZTemplateData.shape.logo.default(null),
  backgroundColor: z.string().default('#ffffff'),
  textColor: z.string().default('#000000'),
  fontFamily: z.enum(TEMPLATE_FONTS).catch('Open Sans'),
  soundtrack: z.string().nullable().default(null),
  volume: z.number().min(0).max(1).default(DEFAULT_TEMPLATE_VOLUME),
  entrance: z
    .object({ text: z.string().default('') })
    .nullable()
    .default(null),
  firstVideo: ZLegacyVideo.nullable().default(null),
  transition: z
    .object({ heading: z.string().default(''), text: z.string().default('') })
    .nullable()
    .default(null),
  secondVideo: ZLegacyVideo.nullable().default(null),
  ending: z
    .object({ text: z.string().default('') })
    .nullable()
    .default(null),
});
export type TLegacyTemplateData = z.input<typeof ZLegacyTemplateData>;

/** Legacy fixed fields → sections, in their fixed order; section ids are stable ('entrance', 'video-1'...). */
export function legacyTemplateToSections(legacy: TLegacyTemplateData): TTemplateData {
  const l = ZLegacyTemplateData.parse(legacy);
  const sections: TTemplateSection[] = [];
  if (l.entrance) sections.push({ type: 'entrance', id: 'entrance', text: l.entrance.text });
  const video = (v: z.infer<typeof ZLegacyVideo>, id: string): TTemplateSection => ({
    type: 'video',
    id,
    ...v,
  });
  if (l.firstVideo) sections.push(video(l.firstVideo, 'video-1'));
  if (l.transition) sections.push({ type: 'transition', id: 'transition-1', ...l.transition });
  if (l.secondVideo) sections.push(video(l.secondVideo, 'video-2'));
  if (l.ending) sections.push({ type: 'ending', id: 'ending', text: l.ending.text });
  return {
    type: l.type,
    title: l.title,
    cover: l.cover,
    logo: l.logo,
    backgroundColor: l.backgroundColor,
    textColor: l.textColor,
    fontFamily: l.fontFamily,
    soundtrack: l.soundtrack,
    volume: l.volume,
    sections,
  };
}

/**
 * Stored `data` of any age → the current shape: sections as they are, a legacy fixed-field template
 * converted. Throws (a ZodError) when it is neither.
 */
export function normalizeTemplateData(raw: unknown): TTemplateData {
  if (raw && typeof raw === 'object' && 'sections' in raw) return ZTemplateData.parse(raw);
  return legacyTemplateToSections(ZLegacyTemplateData.parse(raw));
}

// ---- spec 3 §4 "Template status" ---------------------------------------------------------------------

export type TTemplateCardRules = {
  /** The text shown on the card. */
  label: string;
  /** Whether clicking the card does anything. */
  clickable: boolean;
  /** Where a click goes. */
  clickOpens: 'view' | 'edit' | null;
  canView: boolean;
  canEdit: boolean;
  canDelete: boolean;
  showAnalytics: boolean;
};

/**
 * spec 3 §4: "rendered and prepared show ready; rendering and preparing show processing; open shows
 * published; closed shows unpublished; posted, draft, error and new show under their own names."
 */
export function templateStatusLabel(status: string): string {
  switch (status) {
    case 'rendered':
    case 'prepared':
      return 'ready';
    case 'rendering':
    case 'preparing':
      return 'processing';
    case 'open':
      return 'published';
    case 'closed':
      return 'unpublished';
    default:
      return status;
  }
}

const working = (status: TTemplateStatus) => status === 'preparing' || status === 'rendering';

/**
 * spec 3 §4: cards in preparing, rendering or error are not clickable; a rendered or sample template opens
 * the view, a draft (prepared is treated as draft) opens the edit route; view only when rendered; edit only
 * for draft or rendered; analytics and delete hidden while preparing or rendering.
 */
export function templateCardRules(status: TTemplateStatus, isSample = false): TTemplateCardRules {
  const draft = status === 'draft' || status === 'prepared';
  const clickable = !(working(status) || status === 'error');
  return {
    label: templateStatusLabel(status),
    clickable,
    clickOpens: !clickable ? null : status === 'rendered' || isSample ? 'view' : draft ? 'edit' : null,
    canView: status === 'rendered',
    canEdit: draft || status === 'rendered',
    canDelete: !working(status),
    showAnalytics: !working(status),
  };
}

/** The whole §4 table, for the tab and for tests. */
export const TEMPLATE_CARD_TABLE = Object.fromEntries(
  (['draft', 'prepared', 'preparing', 'rendering', 'rendered', 'error'] as const).map((s) => [
    s,
    templateCardRules(s),
  ]),
) as Record<TTemplateStatus, TTemplateCardRules>;
