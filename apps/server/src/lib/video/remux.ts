import { runTool } from './ffmpeg.ts';
import { playableMp4Args } from './mp4-output.ts';
import type { TProbe } from './probe.ts';

// docs/decisions/031-remux-what-already-plays.md. A recording that is already H.264 (MediaRecorder
// `video/mp4;codecs=avc1` in Chrome and Safari, a phone's or an editor's MP4) plays in every browser once it
// is in an MP4 with its index first: copying its video packets costs a fraction of a second where encoding
// them again costs about 40 % of the video's length in CPU. Only what a browser cannot play, or what is too
// big for the rendition it would stand for, is transcoded.

/** What every browser decodes in an MP4: 8-bit 4:2:0 H.264 of these profiles (no High 10, 4:2:2, 4:4:4). */
const PLAYABLE_PROFILES = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High']);
const PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
/** The largest rendition (720p) is the most a copy may be: a bigger source is scaled down, so transcoded. */
const MAX_SHORT_SIDE = 720;
const MAX_LONG_SIDE = 1920;
/** A 720p rendition made by libx264 at crf 23 runs at 1–3 Mbit/s; a copy far above that streams badly. */
const MAX_BIT_RATE = 8_000_000;
const MAX_FPS = 60;

export type TPlayablePath = { path: 'remux' } | { path: 'transcode'; reason: string };

/** Whether the video stream can be copied as it is into the MP4 that players load, and if not, why not. */
export function playablePath(probe: Pick<TProbe, 'width' | 'height' | 'rotation' | 'video'>): TPlayablePath {
  const { video } = probe;
  const transcode = (reason: string): TPlayablePath => ({ path: 'transcode', reason });
  if (video.codec !== 'h264') return transcode(`${video.codec} video`);
  if (!video.profile || !PLAYABLE_PROFILES.has(video.profile))
    return transcode(`H.264 profile ${video.profile ?? 'unknown'}`);
  if (!video.pixFmt || !PLAYABLE_PIXEL_FORMATS.has(video.pixFmt))
    return transcode(`pixel format ${video.pixFmt ?? 'unknown'}`);
  // A rotated copy would depend on every player honouring the display matrix; the transcode applies it.
  if (probe.rotation % 360 !== 0) return transcode('rotated');
  const short = Math.min(probe.width, probe.height);
  const long = Math.max(probe.width, probe.height);
  if (short > MAX_SHORT_SIDE || long > MAX_LONG_SIDE) return transcode(`larger than 720p`);
  if (video.bitRate !== null && video.bitRate > MAX_BIT_RATE)
    return transcode(`${Math.round(video.bitRate / 1000)} kbit/s`);
  if (video.fps !== null && video.fps > MAX_FPS) return transcode(`${Math.round(video.fps)} frames a second`);
  return { path: 'remux' };
}

// The video packets copied untouched; the sound made AAC (Chrome records Opus into MP4, which Safari before 17
// and many players refuse; an AAC track is copied) or, for a silent source, a silent AAC track.
export function remuxArgs(input: {
  source: string;
  output: string;
  probe: Pick<TProbe, 'hasAudio' | 'audioCodec' | 'audioChannels'>;
}): string[] {
  return playableMp4Args({ ...input, video: ['-c:v', 'copy'], copyAudio: input.probe.audioCodec === 'aac' });
}

export async function remuxMp4(
  ffmpeg: string,
  input: Parameters<typeof remuxArgs>[0],
  signal?: AbortSignal,
): Promise<void> {
  await runTool(ffmpeg, remuxArgs(input), { signal });
}
