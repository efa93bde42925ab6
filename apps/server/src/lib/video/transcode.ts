import { renditionSize } from '@hirecast/domain/video-rules';
import { DEFAULT_X264_PRESET, encoderThreads, runTool } from './ffmpeg.ts';
import { playableMp4Args } from './mp4-output.ts';
import type { TProbe } from './probe.ts';

// A browser's MediaRecorder stamps frames in milliseconds as they come; two frames 1 ms apart (a busy
// computer) make ffmpeg guess 1000 fps and, for a constant-rate MP4, copy each frame up to that rate: a 3 s
// recording became 2,907 frames and took minutes, holding up every video queued behind it. Real sources stay
// at their own rate; only a guess above this is clamped.
const MAX_FPS = 60;

// H.264 (yuv420p, so Safari and old Androids play it) in the shape of every playable MP4 (mp4-output.ts).
// ffmpeg applies the source rotation while decoding, so sizes are display sizes.
export function transcodeArgs(input: {
  source: string;
  output: string;
  probe: Pick<TProbe, 'width' | 'height' | 'hasAudio' | 'audioChannels'>;
  height: number;
  /** x264 preset (VIDEO_PRESET). */
  preset?: string;
  /** x264 threads; x264's own choice when unset. */
  threads?: number;
}): string[] {
  const size = renditionSize(input.probe, input.height);
  const video = [
    '-vf',
    `scale=${size.width}:${size.height}`,
    '-fpsmax',
    String(MAX_FPS),
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? DEFAULT_X264_PRESET,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    ...(input.threads ? ['-threads', String(input.threads)] : []),
  ];
  return playableMp4Args({
    source: input.source,
    output: input.output,
    probe: input.probe,
    video,
    copyAudio: false,
  });
}

export async function transcodeMp4(
  ffmpeg: string,
  input: Parameters<typeof transcodeArgs>[0],
  signal?: AbortSignal,
): Promise<void> {
  await runTool(ffmpeg, transcodeArgs({ ...input, threads: input.threads ?? encoderThreads() }), { signal });
}
