import sharp from 'sharp';
import { renditionSize } from '@hirecast/domain/video-rules';
import { runTool } from './ffmpeg.ts';
import type { TProbe } from './probe.ts';

/** One JPEG frame at `time` seconds, its short side at most 720 px (spec 3 §5 recommends 1280x720). */
export async function extractFrame(
  ffmpeg: string,
  input: { source: string; output: string; time: number; probe: Pick<TProbe, 'width' | 'height'> },
  signal?: AbortSignal,
): Promise<void> {
  const size = renditionSize(input.probe, 720);
  // -ss before -i seeks by keyframe index, so each frame costs a fraction of a second on long videos.
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      input.time.toFixed(3),
      '-i',
      input.source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-q:v',
      '3',
      '-f',
      'image2',
      input.output,
    ],
    { signal },
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
