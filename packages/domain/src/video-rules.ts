// spec 3 §5 "Thumbnails": for videos of 20 s or shorter, 5 frames evenly spaced; for longer videos one
// frame every 5 s. spec 3 §9: up to 10 thumbnails are shown.
export const SHORT_VIDEO_MAX_SECONDS = 20;
export const SHORT_VIDEO_FRAME_COUNT = 5;
export const LONG_VIDEO_FRAME_STEP_SECONDS = 5;
export const MAX_THUMBNAILS_SHOWN = 10;

// spec 3 §3: the two MP4 renditions (`videoMp4Url` is 480p, `videoMp4Url_720p` is 720p).
export const VIDEO_RENDITION_HEIGHTS = [480, 720] as const;
export type TRenditionHeight = (typeof VIDEO_RENDITION_HEIGHTS)[number];

// spec 3 §3: the poster widths stored as data.image400 / data.image640.
export const POSTER_WIDTHS = [400, 640] as const;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The times (seconds) at which thumbnails are taken from a video of `durationSeconds`.
 * Short videos: 5 frames at the centres of 5 equal slices (never the often-black first frame, never past
 * the end). Longer videos: one every 5 s, the first half a step in for the same reason; at most 10, because
 * no more are ever shown.
 */
export function thumbnailTimes(durationSeconds: number): number[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [];
  if (durationSeconds <= SHORT_VIDEO_MAX_SECONDS) {
    const slice = durationSeconds / SHORT_VIDEO_FRAME_COUNT;
    return Array.from({ length: SHORT_VIDEO_FRAME_COUNT }, (_, i) => round3(slice * (i + 0.5)));
  }
  const times: number[] = [];
  for (let t = LONG_VIDEO_FRAME_STEP_SECONDS / 2; t < durationSeconds; t += LONG_VIDEO_FRAME_STEP_SECONDS) {
    times.push(round3(t));
    if (times.length === MAX_THUMBNAILS_SHOWN) break;
  }
  return times;
}

export type TVideoDimension = 'landscape' | 'portrait';

/** spec 3 §3 `dimension`: as displayed, so a phone video stored 1920x1080 with rotation 90 is portrait. */
export function displaySize(input: { width: number; height: number; rotation: number }) {
  const quarterTurn = Math.abs(Math.round(input.rotation / 90)) % 2 === 1;
  return quarterTurn
    ? { width: input.height, height: input.width }
    : { width: input.width, height: input.height };
}

export function videoDimension(size: { width: number; height: number }): TVideoDimension {
  return size.height > size.width ? 'portrait' : 'landscape';
}

/**
 * The output frame size of a rendition with the target height `target` (480 or 720) for a video displayed
 * at `size`: the short side becomes `target` (a portrait 720p is 720 wide), never upscaled, both sides even.
 */
export function renditionSize(size: { width: number; height: number }, target: number) {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const short = Math.min(size.width, size.height);
  const scale = Math.min(1, target / short);
  return { width: even(size.width * scale), height: even(size.height * scale) };
}
