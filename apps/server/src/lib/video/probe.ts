import { z } from 'zod';
import { displaySize, videoDimension, type TVideoDimension } from '@hirecast/domain/video-rules';
import { runTool, VideoToolError, type TVideoTools } from './ffmpeg.ts';

export type TProbe = {
  /** How long it plays, in seconds: from its first timestamp (`start`) to its end. */
  duration: number;
  /** Its first timestamp, in seconds (0 for a file that starts at its beginning). */
  start: number;
  /** As displayed (rotation applied). */
  width: number;
  height: number;
  rotation: number;
  dimension: TVideoDimension;
  hasAudio: boolean;
  /** The YUV matrix to read its frames with (`bt709`, `smpte170m`, …): as tagged, or as browsers read
   * untagged video (yuvMatrixOf). */
  matrix: string;
  /** The first video stream as stored, for deciding whether it plays as it is (lib/video/remux.ts). */
  video: {
    codec: string;
    profile: string | null;
    pixFmt: string | null;
    /** bits a second; null when the container does not say (WebM, fragmented MP4). */
    bitRate: number | null;
    /** average frames a second; null when unknown. */
    fps: number | null;
  };
  /** The first audio stream's codec (`aac`, `opus`…), null when there is none. */
  audioCodec: string | null;
  /** The first audio stream's channels (1 for a mono microphone), null when there is none or it does not say. */
  audioChannels: number | null;
};

/**
 * The YUV matrix a video's frames are read with: its tag, or for untagged video what browsers assume, BT.709
 * from 720 coded lines up and BT.601 below (measured in Chromium: 1280x718 is read as BT.601, 1280x720 and
 * 720x1280 as BT.709; CSS Color 4 and VLC guess the same way). The editor's preview shows clips as the
 * browser reads them, so the renderer must read them the same way.
 */
export function yuvMatrixOf(video: { colorSpace: string | null; codedHeight: number }): string {
  return video.colorSpace ?? (video.codedHeight >= 720 ? 'bt709' : 'bt601');
}

/** The file is not a video we can read: retrying will not help. */
export class InvalidVideoError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidVideoError';
  }
}

const ZStream = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  profile: z.string().optional(),
  pix_fmt: z.string().optional(),
  channels: z.number().optional(),
  bit_rate: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  color_space: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
});
const ZProbe = z.object({
  streams: z.array(ZStream.loose()).default([]),
  format: z.object({ duration: z.string().optional(), start_time: z.string().optional() }).loose().optional(),
});

export async function probeVideo(tools: TVideoTools, file: string, signal?: AbortSignal): Promise<TProbe> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal },
    ));
  } catch (err) {
    if (err instanceof VideoToolError)
      throw new InvalidVideoError(`The file is not a readable video (${err.message})`);
    throw err;
  }
  const parsed = ZProbe.parse(JSON.parse(stdout));
  const video = parsed.streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new InvalidVideoError('The file has no video stream');
  const start = Math.max(0, Number(parsed.format?.start_time) || 0);
  // A file that starts late has a header duration that cannot be trusted: MP4 and Matroska count it to the
  // end from time 0 (so the late start is counted in it), MPEG-TS from the start. Chrome's MediaRecorder MP4
  // can start seconds late (docs/decisions/031), and a 4 s take would read as 9 s; its packets tell.
  let duration = start < LATE_START ? Number(parsed.format?.duration ?? video.duration) : Number.NaN;
  if (!isPositive(duration)) duration = await measureDuration(tools.ffmpeg, file, video, signal);
  if (!isPositive(duration)) throw new InvalidVideoError('The video has no duration');
  // Phones record landscape pixels with a rotation: the display matrix (newer) or the rotate tag (older).
  const rotation =
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(video.tags?.rotate ?? 0);
  const size = displaySize({ width: video.width!, height: video.height!, rotation });
  const colorSpace = video.color_space && video.color_space !== 'unknown' ? video.color_space : null;
  const audio = parsed.streams.find((s) => s.codec_type === 'audio');
  const bitRate = Number(video.bit_rate);
  return {
    duration,
    start,
    width: size.width,
    height: size.height,
    rotation,
    dimension: videoDimension(size),
    hasAudio: Boolean(audio),
    matrix: yuvMatrixOf({ colorSpace, codedHeight: video.height! }),
    video: {
      codec: video.codec_name ?? 'unknown',
      profile: video.profile ?? null,
      pixFmt: video.pix_fmt ?? null,
      bitRate: isPositive(bitRate) ? bitRate : null,
      fps: frameRate(video.avg_frame_rate),
    },
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? null,
  };
}

const isPositive = (n: number) => Number.isFinite(n) && n > 0;
/** Seconds: a first timestamp from here on is a late start (an encoder's delay, B-frames, is well below it). */
const LATE_START = 0.5;

/** `30000/1001` → 29.97; null for `0/0` or nothing. */
function frameRate(rate: string | undefined): number | null {
  const [num, den] = (rate ?? '').split('/').map(Number);
  const fps = num && den ? num / den : Number.NaN;
  return isPositive(fps) ? fps : null;
}

/** The last `out_time` (HH:MM:SS.micro) ffmpeg reports with `-progress`, in seconds; NaN when there is none. */
export function lastProgressTime(progress: string): number {
  const times = [...progress.matchAll(/^out_time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/gm)].map(
    (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
  );
  return times.at(-1) ?? Number.NaN;
}

// WebM from a browser's MediaRecorder is written as it is recorded, so its header carries no duration, and a
// file that starts late has a header duration that cannot be trusted. Reading every packet (a stream copy to
// nowhere, no decoding) finds the time of the last one, counted from the file's first timestamp (ffmpeg moves
// the start to 0, as it does when it makes the renditions); one frame's length is added, as the last frame is
// shown for that long. NaN when this fails too.
async function measureDuration(
  ffmpeg: string,
  file: string,
  video: z.infer<typeof ZStream>,
  signal?: AbortSignal,
): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-i',
        file,
        '-map',
        '0:v:0',
        '-c',
        'copy',
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-nostats',
        '-',
      ],
      { signal },
    ));
  } catch (err) {
    if (err instanceof VideoToolError) return Number.NaN;
    throw err;
  }
  const last = lastProgressTime(stdout);
  if (!isPositive(last)) return Number.NaN;
  const fps = frameRate(video.avg_frame_rate) ?? Number.NaN;
  // A frame rate outside what cameras record (a time base mistaken for one) adds nothing.
  return fps >= 1 && fps <= 240 ? last + 1 / fps : last;
}
