import { createCanvas, type Canvas } from '@napi-rs/canvas';
import {
  drawTemplateFrame,
  fitRect,
  templateFrameContent,
  type TTemplateRenderSegment,
} from '@hirecast/domain/video-template-draw';
import { sceneAt, type TTimelineScene } from '@hirecast/domain/video-template-timeline';
import { ClipDecoder, ClipFrames, type ClipSource } from './clip-decoder.ts';
import { startPartEncoder } from './render-encode.ts';
import {
  CLIP_END_MARGIN_MS,
  even,
  tailKey,
  TemplateRenderError,
  videoLabel,
  type TPartContext,
} from './render-plan.ts';

/** A drawn part: skia draws every frame (clips decoded on pipes) and ffmpeg encodes them. */
export async function drawPart(
  ctx: TPartContext,
  seg: Extract<TTemplateRenderSegment, { kind: 'drawn' }>,
  outFile: string,
): Promise<void> {
  const { tools, timeline, data, clips, logo, signal } = ctx;
  const { width, height, fps } = timeline;
  // A card that has finished animating is sent once: the encoder repeats it after converting it to YUV.
  const repeated: boolean[] = [];
  let previousKey: string | null = null;
  for (let i = seg.startFrame; i < seg.endFrame; i++) {
    const content = templateFrameContent(timeline, data, (i * 1000) / fps);
    const key = content?.kind === 'still' ? content.key : null;
    repeated.push(key !== null && key === previousKey);
    previousKey = key;
  }
  const encoder = startPartEncoder({ tools, timeline, encoder: ctx.encoder, outFile, repeated });
  const decoders = new Map<string, ClipSource>();
  const canvas: Canvas = createCanvas(width, height);
  const canvasCtx = canvas.getContext('2d');
  const onAbort = () => {
    encoder.kill();
    for (const d of decoders.values()) d.close();
  };
  signal.addEventListener('abort', onAbort, { once: true });

  const decoderFor = async (scene: TTimelineScene, clipFrame: number) => {
    let decoder = decoders.get(scene.sectionId);
    const clip = clips.get(scene.sectionId);
    const tail = decoder ? undefined : ctx.tails.get(tailKey(scene.sectionId, clipFrame));
    if (tail) {
      await tail.written;
      decoder = new ClipFrames(tail.file, width, height, tail.fromClipFrame);
      decoders.set(scene.sectionId, decoder);
    } else if (!decoder && clip) {
      const r = fitRect(clip, { x: 0, y: 0, w: width, h: height });
      // Start where the part needs the clip, but never past its file's end (the last frame then holds).
      const lastSafe = Math.max(0, Math.floor(((clip.durationMs - CLIP_END_MARGIN_MS) * fps) / 1000));
      decoder = new ClipDecoder({
        ffmpeg: tools.ffmpeg,
        file: clip.file,
        width: even(r.w),
        height: even(r.h),
        fps,
        seconds: scene.durationMs / 1000,
        fromFrame: Math.min(clipFrame, lastSafe),
        matrix: clip.matrix,
      });
      decoders.set(scene.sectionId, decoder);
    }
    return decoder;
  };

  try {
    for (let i = seg.startFrame; i < seg.endFrame; i++) {
      signal.throwIfAborted();
      const tMs = (i * 1000) / fps;
      const at = sceneAt(timeline, tMs);
      const onScreen = at ? [at.scene, ...(at.outgoing ? [at.outgoing.scene] : [])] : [];
      for (const scene of onScreen) {
        if (scene.kind !== 'video') continue;
        const clipFrame = Math.floor(((tMs - scene.startMs) * fps) / 1000 + 1e-6);
        const decoder = await decoderFor(scene, clipFrame);
        if (!decoder) continue;
        await decoder.seek(clipFrame);
        if (decoder.framesRead === 0) {
          const why = await decoder.failure();
          throw new TemplateRenderError(
            `${videoLabel(ctx, scene.sectionId)} cannot be decoded${why ? ` (${why})` : ''}`,
          );
        }
      }
      // A clip whose scene is over is closed at once: at most two decoders run (during a crossfade).
      for (const [id, decoder] of decoders) {
        if (!onScreen.some((s) => s.sectionId === id)) {
          decoder.close();
          decoders.delete(id);
        }
      }
      // Frames that need no drawing (decision 019): a clip alone on screen that fills the frame is its decoded
      // pixels; a card that has finished animating is the frame before it again. Both are exactly what
      // drawTemplateFrame would draw.
      const content = templateFrameContent(timeline, data, tMs);
      const alone =
        content?.kind === 'clip' && content.overlay === 0 ? decoders.get(content.sectionId) : undefined;
      const pixels = alone && alone.width === width && alone.height === height ? alone.pixels : null;
      if (pixels) {
        await encoder.write(pixels, { borrowed: true });
      } else if (repeated[i - seg.startFrame]) {
        // repeated by the encoder
      } else {
        drawTemplateFrame(canvasCtx, {
          timeline,
          data,
          tMs,
          width,
          height,
          clip: (id) => decoders.get(id)?.canvas ?? null,
          logo,
        });
        const frame = canvas.data();
        await encoder.write(frame);
      }
      ctx.advance(1);
    }
    await encoder.finish();
  } catch (err) {
    encoder.kill();
    await encoder.finish().catch(() => undefined);
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
    for (const d of decoders.values()) d.close();
  }
}
