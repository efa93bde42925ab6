import { z } from 'zod';
import { displaySize, videoDimension, type TVideoDimension } from '@hirecast/domain/video-rules';
import { runTool, VideoToolError } from './ffmpeg.ts';

export type TProbe = {
  duration: number;
  /** As displayed (rotation applied). */
  width: number;
  height: number;
  rotation: number;
  dimension: TVideoDimension;
  hasAudio: boolean;
};

/** The file is not a video we can read: retrying will not help. */
export class InvalidVideoError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidVideoError';
  }
}

const ZStream = z.object({
  codec_type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
});
const ZProbe = z.object({
  streams: z.array(ZStream.loose()).default([]),
  format: z.object({ duration: z.string().optional() }).loose().optional(),
});

export async function probeVideo(ffprobe: string, file: string, signal?: AbortSignal): Promise<TProbe> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      ffprobe,
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
  const duration = Number(parsed.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new InvalidVideoError('The video has no duration');
  // Phones record landscape pixels with a rotation: the display matrix (newer) or the rotate tag (older).
  const rotation =
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(video.tags?.rotate ?? 0);
  const size = displaySize({ width: video.width!, height: video.height!, rotation });
  return {
    duration,
    width: size.width,
    height: size.height,
    rotation,
    dimension: videoDimension(size),
    hasAudio: parsed.streams.some((s) => s.codec_type === 'audio'),
  };
}
