import { renditionSize } from '@hirecast/domain/video-rules';
import { runTool } from './ffmpeg.ts';
import type { TProbe } from './probe.ts';

// H.264 (yuv420p, so Safari and old Androids play it) + AAC, moov atom first so playback starts before the
// whole file has arrived. ffmpeg applies the source rotation while decoding, so sizes are display sizes.
export function transcodeArgs(input: {
  source: string;
  output: string;
  probe: Pick<TProbe, 'width' | 'height' | 'hasAudio'>;
  height: number;
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
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
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
