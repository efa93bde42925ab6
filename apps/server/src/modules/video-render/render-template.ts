import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadImage, type Image } from '@napi-rs/canvas';
import { buildTemplateTimeline, templateFrameCount } from '@hirecast/domain/video-template-timeline';
import type { TTemplateRenderSegment } from '@hirecast/domain/video-template-draw';
import { resolveTool, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { renderAudio } from './audio-mix.ts';
import { registerTemplateFonts } from './fonts.ts';
import { drawPart } from './render-draw.ts';
import { encodeClipPart, muxTemplate } from './render-encode.ts';
import {
  planClipTails,
  planSegments,
  probeClips,
  TemplateRenderError,
  type TPartContext,
  type TRenderTemplateOptions,
} from './render-plan.ts';

// A template render, run by its parts: render-plan.ts plans it, render-encode.ts and render-draw.ts make the
// picture's parts, audio-mix.ts the sound, render-process.ts runs ffmpeg.

export { soundtrackFile } from './soundtracks.ts';
export {
  TemplateRenderError,
  type TRenderTemplateOptions,
  type TTemplateVideoSection,
} from './render-plan.ts';

function defaultTools(): TVideoTools {
  return { ffmpeg: resolveTool('ffmpeg', undefined, ''), ffprobe: resolveTool('ffprobe', undefined, '') };
}

/**
 * Renders a template to an H.264 (BT.709) + AAC MP4 with fast start: skia draws every frame with the editor's
 * drawTemplateFrame, ffmpeg decodes the clips (one pipe per clip on screen) and encodes the drawn frames
 * while mixing the audio. One render uses about 2 cores; run one at a time per worker.
 */
export async function renderTemplate(opts: TRenderTemplateOptions): Promise<{ durationMs: number }> {
  const signal = opts.signal;
  signal?.throwIfAborted();
  const tools = opts.tools ?? defaultTools();
  const data = { ...opts.data, type: opts.type };
  const timeline = buildTemplateTimeline(opts.type, data);
  if (timeline.durationMs <= 0) throw new TemplateRenderError('The template has no sections to render');
  registerTemplateFonts();

  const clips = await probeClips(tools, data, opts.clipFile, signal);
  let logo: Image | null = null;
  if (opts.logoFile) {
    try {
      logo = await loadImage(opts.logoFile);
    } catch (err) {
      throw new TemplateRenderError(
        `The logo cannot be read (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  }

  const { durationMs } = timeline;
  const frames = templateFrameCount(timeline);
  const segments = planSegments(timeline, data, clips);

  // Aborting (the caller's signal, or a part failing) kills every ffmpeg of every part.
  const inner = new AbortController();
  const forward = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const parts = await mkdtemp(join(dirname(opts.outFile), '.render-'));
  const partFile = (seg: TTemplateRenderSegment) =>
    join(parts, `${String(seg.startFrame).padStart(6, '0')}.ts`);
  const tails = planClipTails(timeline, segments, parts);

  let done = 0;
  let reported = -1;
  const advance = (n: number) => {
    done += n;
    const percent = Math.floor((done / frames) * 100);
    if (percent !== reported) {
      reported = percent;
      opts.onProgress?.(done / frames);
    }
  };
  const ctx: TPartContext = {
    tools,
    timeline,
    data,
    clips,
    logo,
    signal: inner.signal,
    encoder: opts.encoder,
    advance,
    tails,
  };
  // Three lanes at once: the drawn parts keep Node and one ffmpeg busy, the clip parts are mostly ffmpeg, the
  // sound is ffmpeg alone; together they keep both cores busy, and the final join only copies.
  const lane = async (kind: TTemplateRenderSegment['kind']) => {
    for (const seg of segments) {
      if (seg.kind !== kind) continue;
      inner.signal.throwIfAborted();
      if (seg.kind === 'clip') await encodeClipPart(ctx, seg, partFile(seg));
      else await drawPart(ctx, seg, partFile(seg));
    }
  };
  const audioFile = join(parts, 'audio.m4a');
  try {
    const track = (work: Promise<void>) =>
      work.catch((err: unknown) => {
        inner.abort(err);
        throw err;
      });
    await Promise.all([
      track(lane('drawn')),
      track(lane('clip')),
      track(renderAudio({ ...ctx, soundtrackFile: opts.soundtrackFile, outFile: audioFile })),
    ]);
    const list = join(parts, 'parts.txt');
    await writeFile(list, segments.map((seg) => `file '${partFile(seg)}'\n`).join(''));
    await muxTemplate({ ...ctx, list, audioFile, outFile: opts.outFile });
    signal?.throwIfAborted();
    if (reported < 100) opts.onProgress?.(1);
    return { durationMs };
  } catch (err) {
    await rm(opts.outFile, { force: true });
    if (signal?.aborted) throw signal.reason;
    throw err;
  } finally {
    signal?.removeEventListener('abort', forward);
    await rm(parts, { recursive: true, force: true });
  }
}
