import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import type { TDimension } from '@hirecast/domain/asset';
import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';
import {
  drawTemplateFrame,
  drawTemplateOverlay,
  fitRect,
  templateFrameContent,
  templateOverlayBand,
  templateRenderSegments,
  type TTemplateRenderSegment,
} from '@hirecast/domain/video-template-draw';
import {
  buildTemplateTimeline,
  sceneAt,
  templateFrameCount,
  type TTemplateTimeline,
  type TTimelineScene,
} from '@hirecast/domain/video-template-timeline';
import { resolveTool, runTool, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';
import { audioFilterGraph, soundtrackRanges, soundtrackVolumeExpr, type TAudioClip } from './audio-mix.ts';
import { ClipDecoder, ClipFrames, clipFromFrame, type ClipSource } from './clip-decoder.ts';
import { registerTemplateFonts } from './fonts.ts';

export { soundtrackFile } from './soundtracks.ts';

export type TTemplateVideoSection = Extract<TTemplateSection, { type: 'video' }>;

export type TRenderTemplateOptions = {
  type: TDimension;
  data: TTemplateData;
  /** Where ffmpeg reads a video section's clip: a local path or a URL. */
  clipFile: (section: TTemplateVideoSection) => string;
  /** The logo image (path or URL), drawn on the entrance and ending cards. */
  logoFile?: string | null;
  /** The soundtrack's local file (soundtrackFile(data.soundtrack, dataDir)); none when null. */
  soundtrackFile?: string | null;
  outFile: string;
  /** 0..1, by frames drawn (a few times per second at most). */
  onProgress?: (fraction: number) => void;
  /** Aborting kills every ffmpeg started and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** ffmpeg and ffprobe; found on PATH (or the usual places) when not given. */
  tools?: TVideoTools;
  /** x264 preset and quality. */
  encoder?: { preset?: string; crf?: number };
};

/** The template cannot be rendered as it is (a clip or the logo cannot be read): retrying will not help. */
export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

type TClipInfo = {
  section: TTemplateVideoSection;
  file: string;
  hasAudio: boolean;
  width: number;
  height: number;
  durationMs: number;
  /** The YUV matrix its frames are read with (TProbe.matrix). */
  matrix: string;
};

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

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

  // The clips are probed side by side (each ffprobe waits mostly on its file).
  const videoSections = data.sections.filter((section) => section.type === 'video');
  const settled = await Promise.allSettled(
    videoSections.map(async (section, index): Promise<TClipInfo> => {
      const file = opts.clipFile(section);
      try {
        const probe = await probeVideo(tools, file, signal);
        return {
          section,
          file,
          hasAudio: probe.hasAudio,
          width: probe.width,
          height: probe.height,
          durationMs: probe.duration * 1000,
          matrix: probe.matrix,
        };
      } catch (err) {
        if (err instanceof InvalidVideoError)
          throw new TemplateRenderError(
            `Video ${index + 1}${section.title ? ` ("${section.title}")` : ''}: ${err.message}`,
          );
        throw err;
      }
    }),
  );
  // The first clip that cannot be read is the one reported, whichever ffprobe answered first.
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const clips = new Map(
    settled.flatMap((result) =>
      result.status === 'fulfilled' ? [[result.value.section.id, result.value]] : [],
    ),
  );
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

  const { width, height, fps, durationMs } = timeline;
  const frames = templateFrameCount(timeline);
  const fills = (sectionId: string, clipFrame: number) => {
    const clip = clips.get(sectionId);
    if (!clip) return false;
    const r = fitRect(clip, { x: 0, y: 0, w: width, h: height });
    // The file must still have frames there (a scene can be longer than its file: its last frame holds).
    const inFile = (clipFrame * 1000) / fps < clip.durationMs - CLIP_END_MARGIN_MS;
    return even(r.w) === width && even(r.h) === height && inFile;
  };
  const segments = templateRenderSegments(timeline, data, {
    clipFills: fills,
    minClipFrames: MIN_CLIP_FRAMES,
  });

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

/** A clip frame this close to the end of its file is drawn (holding the last frame), not taken by ffmpeg. */
const CLIP_END_MARGIN_MS = 200;
/** Clip runs shorter than this are drawn: a part of its own costs an ffmpeg start and a keyframe. */
const MIN_CLIP_FRAMES = 45;

type TPartContext = {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  data: TTemplateData;
  clips: Map<string, TClipInfo>;
  logo: Image | null;
  signal: AbortSignal;
  encoder?: TRenderTemplateOptions['encoder'];
  /** Counts frames finished, for the progress. */
  advance: (frames: number) => void;
  /** The clip frames the clip parts write for the drawn parts after them, by tailKey. */
  tails: Map<string, TClipTail>;
};

/**
 * A clip's frames right after its clip part, which the drawn part that follows shows (the crossfade out of the
 * clip): the clip part writes them as raw RGBA beside its H.264, so no decoder has to decode the clip from its
 * start again to reach them (decision 019).
 */
type TClipTail = {
  /** The clip frame of the first frame written. */
  fromClipFrame: number;
  frames: number;
  file: string;
  /** Settles when the clip part has finished (rejects when it failed). */
  written: Promise<void>;
  settle: (err?: unknown) => void;
};

/** At most this many frames are written after a clip part (a crossfade is 15); a longer run is decoded. */
const MAX_TAIL_FRAMES = 30;

/** The tail of `sectionId`'s clip that starts at its frame `clipFrame`. */
const tailKey = (sectionId: string, clipFrame: number) => `${sectionId}@${clipFrame}`;

function planClipTails(timeline: TTemplateTimeline, segments: TTemplateRenderSegment[], dir: string) {
  const tails = new Map<string, TClipTail>();
  for (const [index, seg] of segments.entries()) {
    const next = segments[index + 1];
    if (seg.kind !== 'clip' || next?.kind !== 'drawn') continue;
    let frames = 0;
    for (let i = next.startFrame; i < next.endFrame; i++) {
      const at = sceneAt(timeline, (i * 1000) / timeline.fps);
      if (at?.scene.sectionId !== seg.sectionId && at?.outgoing?.scene.sectionId !== seg.sectionId) break;
      frames++;
    }
    if (frames === 0 || frames > MAX_TAIL_FRAMES) continue;
    let settle: TClipTail['settle'] = () => undefined;
    const written = new Promise<void>((resolve, reject) => {
      settle = (err) => (err === undefined ? resolve() : reject(err));
    });
    // Nobody may wait for it (the render stopped first): that is not an unhandled rejection.
    written.catch(() => undefined);
    const fromClipFrame = seg.clipFrame + (seg.endFrame - seg.startFrame);
    tails.set(tailKey(seg.sectionId, fromClipFrame), {
      fromClipFrame,
      frames,
      file: join(dir, `${seg.sectionId}-${fromClipFrame}.rgba`),
      written,
      settle,
    });
  }
  return tails;
}

/** The x264 settings of every part, so the parts join without re-encoding. */
function videoEncoderArgs(encoder: TRenderTemplateOptions['encoder']): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', encoder?.preset ?? 'veryfast', '-crf', String(encoder?.crf ?? 21)],
    ...['-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-color_range', 'tv'],
  ];
}

/**
 * A clip part: ffmpeg takes the clip's own frames (resampled to the template's rate and size) straight to
 * x264, as a plain re-encode would. A clip read with another matrix than BT.709 (BT.601: tagged so, or
 * untagged below 720 lines) is converted to BT.709, as the drawn parts convert it through RGB. Where the title
 * overlay shows, skia draws only the overlay's band (drawTemplateOverlay, transparent elsewhere) and ffmpeg lays
 * it over the clip.
 */
async function encodeClipPart(
  ctx: TPartContext,
  seg: Extract<TTemplateRenderSegment, { kind: 'clip' }>,
  outFile: string,
): Promise<void> {
  const { timeline, data, clips, signal } = ctx;
  const clip = clips.get(seg.sectionId)!;
  const { width, height, fps } = timeline;
  const count = seg.endFrame - seg.startFrame;
  const tail = ctx.tails.get(tailKey(seg.sectionId, seg.clipFrame + count));
  const clipFilters = [
    clipFromFrame(seg.clipFrame, fps),
    // A file a frame short of its stated length still gives `count` frames (and its tail: the last holds).
    'tpad=stop_mode=clone:stop=-1',
    `scale=${width}:${height}:flags=bicubic`,
    ...toBt709(clip.matrix),
    'format=yuv420p',
    `setpts=N/(${fps}*TB)`,
  ].join(',');
  const band = seg.overlay
    ? templateOverlayBand(createCanvas(1, 1).getContext('2d'), {
        timeline,
        data,
        height,
        sectionId: seg.sectionId,
      })
    : null;
  const overlay = seg.overlay && band ? { ...seg.overlay, band } : null;
  // The picture: the clip, with the overlay's band laid over it from the overlay's first frame of this part.
  const picture = overlay
    ? [
        `[0:v]${clipFilters}[base]`,
        `[1:v]setpts=(N+${overlay.startFrame - seg.startFrame})/(${fps}*TB),` +
          'scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[band]',
        `[base][band]overlay=x=0:y=${overlay.band.top}:eof_action=pass:format=yuv420`,
      ]
    : [`[0:v]${clipFilters}`];
  // The tail: the frames after the part's own, back to RGBA (the overlay's band has ended by then, so they are
  // the clip's). Taken after the overlay, not beside it: a branch that only drops frames until the tail would
  // make ffmpeg read the clip ahead of the band and queue the part's frames (900 MB for a 17 s clip).
  const graph = [
    ...picture.slice(0, -1),
    tail
      ? `${picture.at(-1)},split=2[v][tailsrc];` +
        `[tailsrc]trim=start_frame=${count},setpts=PTS-STARTPTS,` +
        'scale=in_color_matrix=bt709:in_range=tv,format=rgba[tail]'
      : `${picture.at(-1)}[v]`,
  ].join(';');
  let reported = 0;
  const ffmpeg = startFfmpeg(
    ctx.tools,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1', '-y'],
      ...['-i', clip.file],
      ...(overlay ? ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${overlay.band.height}`] : []),
      ...(overlay ? ['-framerate', String(fps), '-i', 'pipe:0'] : []),
      ...['-filter_complex', graph, '-map', '[v]', '-frames:v', String(count)],
      ...videoEncoderArgs(ctx.encoder),
      ...['-an', '-f', 'mpegts', outFile],
      ...(tail ? ['-map', '[tail]', '-frames:v', String(tail.frames), '-f', 'rawvideo', tail.file] : []),
    ],
    {
      onStdout: (text) => {
        const frame = Number(/frame=(\d+)\s*$/m.exec(text)?.[1] ?? NaN);
        if (Number.isFinite(frame) && frame > reported) {
          const now = Math.min(frame, count);
          ctx.advance(now - reported);
          reported = now;
        }
      },
    },
  );
  const onAbort = () => ffmpeg.kill();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (overlay) {
      const canvas = createCanvas(width, overlay.band.height);
      const bandCtx = canvas.getContext('2d');
      // While the overlay holds still, its band is the same: drawn once, written again.
      let last = null as { shown: number; band: Buffer } | null;
      for (let i = overlay.startFrame; i < overlay.endFrame; i++) {
        signal.throwIfAborted();
        const tMs = (i * 1000) / fps;
        const content = templateFrameContent(timeline, data, tMs);
        const shown = content?.kind === 'clip' ? content.overlay : -1;
        if (last?.shown !== shown) {
          bandCtx.clearRect(0, 0, width, overlay.band.height);
          drawTemplateOverlay(bandCtx, { timeline, data, tMs, width, height, top: overlay.band.top });
          // getImageData gives straight (not premultiplied) alpha, which ffmpeg's overlay expects.
          const pixels = bandCtx.getImageData(0, 0, width, overlay.band.height).data;
          last = { shown, band: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength) };
        }
        await ffmpeg.write(last.band);
      }
    }
    await ffmpeg.finish();
    tail?.settle();
  } catch (err) {
    ffmpeg.kill();
    tail?.settle(err ?? new Error('The clip part failed'));
    signal.throwIfAborted();
    if (err instanceof TemplateRenderError) throw err;
    throw new TemplateRenderError(
      `${videoLabel(ctx, seg.sectionId)} cannot be decoded (${err instanceof Error ? err.message : String(err)})`,
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  ctx.advance(count - reported);
}

/** The filter that takes a clip's YUV from its matrix to BT.709 (none when it is BT.709 already). */
function toBt709(matrix: string): string[] {
  if (matrix === 'bt709') return [];
  const from = { bt601: 'bt601-6-625', bt470bg: 'bt601-6-625', smpte170m: 'bt601-6-525' }[matrix];
  return [`colorspace=all=bt709${from ? `:iall=${from}` : ''}:fast=1:format=yuv420p`];
}

function videoLabel(ctx: TPartContext, sectionId: string) {
  const n = [...ctx.clips.keys()].indexOf(sectionId) + 1;
  return `Video ${n}`;
}

/** A drawn part: skia draws every frame (clips decoded on pipes) and ffmpeg encodes them. */
async function drawPart(
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

/**
 * The sound, mixed and encoded while the picture is made: each clip's own audio at its scene's time, the
 * soundtrack at the template's volume, over a silent bed as long as the video.
 */
async function renderAudio(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  data: TTemplateData;
  clips: Map<string, TClipInfo>;
  soundtrackFile?: string | null;
  outFile: string;
  signal: AbortSignal;
}): Promise<void> {
  const { timeline, data } = opts;
  const { durationMs } = timeline;
  const inputs: string[] = [];
  let next = 0;
  const audioClips: TAudioClip[] = [];
  for (const scene of timeline.scenes) {
    const clip = opts.clips.get(scene.sectionId);
    if (scene.kind !== 'video' || !clip?.hasAudio) continue;
    inputs.push('-vn', '-i', clip.file);
    audioClips.push({
      input: next++,
      startMs: scene.startMs,
      clipMs: scene.durationMs,
      fadeInMs: scene.fadeInMs,
      fadeOutMs: scene.fadeOutMs,
    });
  }
  let soundtrackInput: number | null = null;
  if (opts.soundtrackFile && data.volume > 0) {
    inputs.push('-stream_loop', '-1', '-i', opts.soundtrackFile);
    soundtrackInput = next++;
  }
  inputs.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000');
  const bedInput = next;
  const graph = audioFilterGraph({
    durationMs,
    clips: audioClips,
    soundtrackInput,
    soundtrackVolumeExpr: soundtrackVolumeExpr(soundtrackRanges(timeline, data), data.volume, durationMs),
    bedInput,
  });
  await runFfmpegOrFail(opts, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputs],
    ...['-filter_complex', graph, '-map', '[aout]'],
    ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'],
    ...['-t', (durationMs / 1000).toFixed(3), '-f', 'mp4', opts.outFile],
  ]);
}

/** The final file: the parts joined as they are (same x264 settings) with the sound, fast start. */
async function muxTemplate(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  list: string;
  audioFile: string;
  outFile: string;
  signal: AbortSignal;
}): Promise<void> {
  await runFfmpegOrFail(opts, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'concat', '-safe', '0', '-i', opts.list, '-i', opts.audioFile],
    ...['-map', '0:v', '-map', '1:a', '-c', 'copy', '-t', (opts.timeline.durationMs / 1000).toFixed(3)],
    ...['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', opts.outFile],
  ]);
}

async function runFfmpegOrFail(opts: { tools: TVideoTools; signal: AbortSignal }, args: string[]) {
  try {
    await runTool(opts.tools.ffmpeg, args, { signal: opts.signal });
  } catch (err) {
    opts.signal.throwIfAborted();
    throw new Error(`The video encoder failed (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
}

/**
 * The encoder of a drawn part: raw RGBA frames on its stdin, H.264 in MPEG-TS out (no sound). A frame
 * `repeated` (the part's frame i shows the same as frame i − 1) is not sent: each frame sent gets the time it is
 * first shown (`setpts`), is converted to YUV once, and the `fps` filter repeats it until the next one (a
 * settled card: about 40 frames sent once, where converting each took 3–4 ms).
 */
function startPartEncoder(opts: {
  tools: TVideoTools;
  timeline: TTemplateTimeline;
  encoder?: TRenderTemplateOptions['encoder'];
  outFile: string;
  repeated: boolean[];
}) {
  const { width, height, fps } = opts.timeline;
  // Runs of repeats: the sent frame `after` is shown `extra` more times, so the frames sent after it come later.
  const repeats: { after: number; extra: number }[] = [];
  let sent = 0;
  for (const repeat of opts.repeated) {
    if (!repeat) sent++;
    else if (repeats.at(-1)?.after === sent - 1) repeats.at(-1)!.extra++;
    else repeats.push({ after: sent - 1, extra: 1 });
  }
  const shift = repeats.map((r) => `+if(gte(N\\,${r.after + 1})\\,${r.extra}\\,0)`).join('');
  const filters = [
    ...(repeats.length > 0 ? [`setpts=(N${shift})/(${fps}*TB)`] : []),
    // RGB → YUV with the BT.709 matrix (swscale's default is BT.601), limited range, as tagged.
    'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
    // a repeat at the very end has no next frame to stop at: the last one is held
    ...(repeats.length > 0 ? [`fps=${fps}`, 'tpad=stop_mode=clone:stop=-1'] : []),
  ];
  return startFfmpeg(opts.tools, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(fps)],
    ...['-i', 'pipe:0'],
    ...['-vf', filters.join(',')],
    ...(repeats.length > 0 ? ['-frames:v', String(opts.repeated.length)] : []),
    ...videoEncoderArgs(opts.encoder),
    ...['-an', '-f', 'mpegts', opts.outFile],
  ]);
}

/**
 * ffmpeg reading raw frames that Node writes on its stdin (with backpressure). A failure is reported as
 * `The video encoder failed (…)` with the tail of ffmpeg's own explanation.
 */
function startFfmpeg(tools: TVideoTools, args: string[], opts: { onStdout?: (text: string) => void } = {}) {
  const child = spawn(tools.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8').on('data', (text: string) => opts.onStdout?.(text));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  let stdinError: Error | null = null;
  child.stdin.on('error', (err) => {
    stdinError = err;
  });
  const closed = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', (err) => {
      stderr += `\n${err.message}`;
      resolve(-1);
    });
  });
  const failure = async () => {
    const code = await closed;
    const tail = stderr.trim().split('\n').slice(-3).join(' | ');
    return new Error(
      `The video encoder failed (ffmpeg exited with ${code ?? 'a signal'}${tail ? `: ${tail}` : ''})`,
    );
  };
  return {
    /**
     * Writes one frame, waiting while the encoder's pipe is full. A `borrowed` frame (a buffer that is reused
     * afterwards) is waited for until it has been handed to the pipe.
     */
    async write(frame: Buffer, opts: { borrowed?: boolean } = {}): Promise<void> {
      if (stdinError || child.exitCode !== null) throw await failure();
      if (opts.borrowed) {
        await new Promise<void>((resolve) => child.stdin.write(frame, () => resolve()));
        if (stdinError || (child.exitCode !== null && child.exitCode !== 0)) throw await failure();
        return;
      }
      if (!child.stdin.write(frame)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            child.stdin.off('drain', done);
            child.off('close', done);
            resolve();
          };
          child.stdin.on('drain', done);
          child.on('close', done);
        });
        if (child.exitCode !== null && child.exitCode !== 0) throw await failure();
      }
    },
    async finish(): Promise<void> {
      if (!child.stdin.writableEnded) child.stdin.end();
      const code = await closed;
      if (code !== 0) throw await failure();
    },
    kill(): void {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
