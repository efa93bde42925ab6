import { renditionSize } from '@hirecast/domain/video-rules';
import { runTool } from './ffmpeg.ts';
import type { TProbe } from './probe.ts';

// A browser's MediaRecorder stamps frames in milliseconds as they come; two frames 1 ms apart (a busy
// computer) make ffmpeg guess 1000 fps and, for a constant-rate MP4, copy each frame up to that rate: a 3 s
// recording became 2,907 frames and took minutes, holding up every video queued behind it. Real sources stay
// at their own rate; only a guess above this is clamped.
const MAX_FPS = 60;

// H.264 (yuv420p, so Safari and old Androids play it) + AAC, moov atom first so playback starts before the
// whole file has arrived. ffmpeg applies the source rotation while decoding, so sizes are display sizes.
export function transcodeArgs(input: {
  source: string;
  output: string;
  probe: Pick<TProbe, 'width' | 'height' | 'hasAudio'>;
  height: number;
  /** x264 preset (VIDEO_PRESET). */
  preset?: string;
}): string[] {
  const size = renditionSize(input.probe, input.height);
  // A source without sound gets a silent track: some players (iOS autoplay rules, MSE players) misbehave
  // on video-only MP4s, and every rendition then has the same shape.
  const audioIn = input.probe.hasAudio
    ? []
    : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  const audioMap = input.probe.hasAudio ? ['-map', '0:a:0'] : ['-map', '1:a:0', '-shortest'];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input.source,
    ...audioIn,
    '-map',
    '0:v:0',
    ...audioMap,
    '-vf',
    `scale=${size.width}:${size.height}`,
    '-fpsmax',
    String(MAX_FPS),
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? 'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    input.output,
  ];
}

export async function transcodeMp4(
  ffmpeg: string,
  input: Parameters<typeof transcodeArgs>[0],
  signal?: AbortSignal,
): Promise<void> {
  await runTool(ffmpeg, transcodeArgs(input), { signal });
}
