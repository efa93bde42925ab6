import sharp from 'sharp';
import { renditionSize } from '@hirecast/domain/video-rules';
import { runTool } from './ffmpeg.ts';
import type { TProbe } from './probe.ts';

/**
 * JPEG frames of `source`, one per `{ time, output }`, their short side at most 720 px (spec 3 §5 recommends
 * 1280x720), in one ffmpeg run: each frame is an input of its own that seeks (-ss before -i seeks by keyframe
 * index, so each frame costs a fraction of a second on long videos), so a video's thumbnails start ffmpeg once
 * instead of once each (a start alone is about 0.1 s of CPU: it loads some 200 libraries).
 */
export async function extractFrames(
  ffmpeg: string,
  input: {
    source: string;
    frames: readonly { time: number; output: string }[];
    probe: Pick<TProbe, 'width' | 'height'>;
  },
  signal?: AbortSignal,
): Promise<void> {
  if (input.frames.length === 0) return;
  const size = renditionSize(input.probe, 720);
  const inputs = input.frames.flatMap(({ time }) => ['-ss', time.toFixed(3), '-i', input.source]);
  const outputs = input.frames.flatMap(({ output }, i) => [
    ...['-map', `${i}:v:0`, '-frames:v', '1', '-vf', `scale=${size.width}:${size.height}`],
    ...['-q:v', '3', '-f', 'image2', '-update', '1', output],
  ]);
  await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-y', ...inputs, ...outputs], { signal });
}

/** One JPEG frame at `time` seconds (extractFrames with one frame). */
export async function extractFrame(
  ffmpeg: string,
  input: { source: string; output: string; time: number; probe: Pick<TProbe, 'width' | 'height'> },
  signal?: AbortSignal,
): Promise<void> {
  await extractFrames(
    ffmpeg,
    { source: input.source, frames: [{ time: input.time, output: input.output }], probe: input.probe },
    signal,
  );
}

/** spec 3 §3 data.image400 / data.image640: WebP posters of the given widths from a frame. */
export async function makePosters(frame: Uint8Array, widths: readonly number[]) {
  return Promise.all(
    widths.map(async (width) => ({
      width,
      body: new Uint8Array(
        await sharp(frame).resize({ width, withoutEnlargement: false }).webp({ quality: 80 }).toBuffer(),
      ),
    })),
  );
}
