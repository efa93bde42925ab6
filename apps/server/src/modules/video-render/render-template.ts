import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import type { TDimension } from '@hirecast/domain/asset';
import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';
import { drawTemplateFrame, fitRect, templateFrameContent } from '@hirecast/domain/video-template-draw';
import {
  buildTemplateTimeline,
  sceneAt,
  templateFrameCount,
  type TTimelineScene,
} from '@hirecast/domain/video-template-timeline';
import { resolveTool, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';
import { audioFilterGraph, soundtrackRanges, soundtrackVolumeExpr, type TAudioClip } from './audio-mix.ts';
import { ClipDecoder } from './clip-decoder.ts';
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

  const clips = new Map<string, TClipInfo>();
  let position = 0;
  for (const section of data.sections) {
    if (section.type !== 'video') continue;
    position++;
    const file = opts.clipFile(section);
    try {
      const probe = await probeVideo(tools, file, signal);
      clips.set(section.id, {
        section,
        file,
        hasAudio: probe.hasAudio,
        width: probe.width,
        height: probe.height,
      });
    } catch (err) {
      if (err instanceof InvalidVideoError)
        throw new TemplateRenderError(
          `Video ${position}${section.title ? ` ("${section.title}")` : ''}: ${err.message}`,
        );
      throw err;
    }
  }
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
  const encoder = startEncoder({ ...opts, tools, timeline, clips, data });
  const decoders = new Map<string, ClipDecoder>();
  const canvas: Canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const onAbort = () => {
    encoder.kill();
    for (const d of decoders.values()) d.close();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const decoderFor = (scene: TTimelineScene) => {
    let decoder = decoders.get(scene.sectionId);
    const clip = clips.get(scene.sectionId);
    if (!decoder && clip) {
      const r = fitRect(clip, { x: 0, y: 0, w: width, h: height });
      decoder = new ClipDecoder({
        ffmpeg: tools.ffmpeg,
        file: clip.file,
        width: even(r.w),
        height: even(r.h),
        fps,
        seconds: scene.durationMs / 1000,
      });
      decoders.set(scene.sectionId, decoder);
    }
    return decoder;
  };

  try {
    let reported = -1;
    let lastStill: { key: string; frame: Buffer } | null = null;
    for (let i = 0; i < frames; i++) {
      signal?.throwIfAborted();
      const tMs = (i * 1000) / fps;
      const at = sceneAt(timeline, tMs);
      const onScreen = at ? [at.scene, ...(at.outgoing ? [at.outgoing.scene] : [])] : [];
      for (const scene of onScreen) {
        if (scene.kind !== 'video') continue;
        const decoder = decoderFor(scene);
        if (!decoder) continue;
        const local = tMs - scene.startMs;
        await decoder.seek(Math.floor((local * fps) / 1000 + 1e-6));
        if (decoder.framesRead === 0) {
          const why = await decoder.failure();
          const n = [...clips.keys()].indexOf(scene.sectionId) + 1;
          throw new TemplateRenderError(`Video ${n} cannot be decoded${why ? ` (${why})` : ''}`);
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
      const alone = content?.kind === 'clip' ? decoders.get(content.sectionId) : undefined;
      const pixels = alone && alone.width === width && alone.height === height ? alone.pixels : null;
      if (pixels) {
        await encoder.write(pixels, { borrowed: true });
        lastStill = null;
      } else if (content?.kind === 'still' && lastStill?.key === content.key) {
        await encoder.write(lastStill.frame);
      } else {
        drawTemplateFrame(ctx, {
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
        lastStill = content?.kind === 'still' ? { key: content.key, frame } : null;
      }
      const percent = Math.floor(((i + 1) / frames) * 100);
      if (percent !== reported) {
        reported = percent;
        opts.onProgress?.((i + 1) / frames);
      }
    }
    await encoder.finish();
    signal?.throwIfAborted();
    return { durationMs };
  } catch (err) {
    encoder.kill();
    await encoder.finish().catch(() => undefined);
    await rm(opts.outFile, { force: true });
    if (signal?.aborted) throw signal.reason;
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    for (const d of decoders.values()) d.close();
  }
}

function startEncoder(opts: {
  tools: TVideoTools;
  timeline: ReturnType<typeof buildTemplateTimeline>;
  data: TTemplateData;
  clips: Map<string, TClipInfo>;
  soundtrackFile?: string | null;
  outFile: string;
  encoder?: TRenderTemplateOptions['encoder'];
}) {
  const { timeline, data } = opts;
  const { width, height, fps, durationMs } = timeline;
  const inputs: string[] = [];
  let next = 1;
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
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${width}x${height}`,
    '-framerate',
    String(fps),
    '-i',
    'pipe:0',
    ...inputs,
    '-filter_complex',
    // RGB → YUV with the BT.709 matrix (swscale's default is BT.601), limited range, as tagged below.
    `[0:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[vout];${graph}`,
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    opts.encoder?.preset ?? 'veryfast',
    '-crf',
    String(opts.encoder?.crf ?? 21),
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-color_range',
    'tv',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-t',
    (durationMs / 1000).toFixed(3),
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    opts.outFile,
  ];
  const child = spawn(opts.tools.ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
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
