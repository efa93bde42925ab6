import { join } from 'node:path';
import type { Image } from '@napi-rs/canvas';
import type { TDimension } from '@hirecast/domain/asset';
import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';
import {
  fitRect,
  templateRenderSegments,
  type TTemplateRenderSegment,
} from '@hirecast/domain/video-template-draw';
import { sceneAt, type TTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import type { TVideoTools } from '../../lib/video/ffmpeg.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';

// The plan of a template render (decision 019): what each clip is, which frames are clip parts (ffmpeg's own
// frames) and which are drawn, and which clip frames a clip part hands to the drawn part after it. The other
// files of the render do the work: render-encode.ts (x264 parts and the final join), render-draw.ts (skia
// frames), audio-mix.ts (the sound), render-process.ts (running ffmpeg); render-template.ts runs them.

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

export type TClipInfo = {
  section: TTemplateVideoSection;
  file: string;
  hasAudio: boolean;
  width: number;
  height: number;
  durationMs: number;
  /** The YUV matrix its frames are read with (TProbe.matrix). */
  matrix: string;
};

export const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** A clip frame this close to the end of its file is drawn (holding the last frame), not taken by ffmpeg. */
export const CLIP_END_MARGIN_MS = 200;
/** Clip runs shorter than this are drawn: a part of its own costs an ffmpeg start and a keyframe. */
export const MIN_CLIP_FRAMES = 45;

export type TPartContext = {
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
export type TClipTail = {
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
export const tailKey = (sectionId: string, clipFrame: number) => `${sectionId}@${clipFrame}`;

export function planClipTails(timeline: TTemplateTimeline, segments: TTemplateRenderSegment[], dir: string) {
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

/**
 * Probes the template's clips side by side (each ffprobe waits mostly on its file). A clip that cannot be read
 * is a TemplateRenderError naming it.
 */
export async function probeClips(
  tools: TVideoTools,
  data: TTemplateData,
  clipFile: (section: TTemplateVideoSection) => string,
  signal: AbortSignal | undefined,
): Promise<Map<string, TClipInfo>> {
  const videoSections = data.sections.filter((section) => section.type === 'video');
  const settled = await Promise.allSettled(
    videoSections.map(async (section, index): Promise<TClipInfo> => {
      const file = clipFile(section);
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
  return new Map(
    settled.flatMap((result) =>
      result.status === 'fulfilled' ? [[result.value.section.id, result.value]] : [],
    ),
  );
}

/**
 * The parts of the render: runs of frames where a clip fills the frame (ffmpeg encodes the clip's own frames)
 * and runs that skia draws.
 */
export function planSegments(
  timeline: TTemplateTimeline,
  data: TTemplateData,
  clips: Map<string, TClipInfo>,
): TTemplateRenderSegment[] {
  const { width, height, fps } = timeline;
  const fills = (sectionId: string, clipFrame: number) => {
    const clip = clips.get(sectionId);
    if (!clip) return false;
    const r = fitRect(clip, { x: 0, y: 0, w: width, h: height });
    // The file must still have frames there (a scene can be longer than its file: its last frame holds).
    const inFile = (clipFrame * 1000) / fps < clip.durationMs - CLIP_END_MARGIN_MS;
    return even(r.w) === width && even(r.h) === height && inFile;
  };
  return templateRenderSegments(timeline, data, {
    clipFills: fills,
    minClipFrames: MIN_CLIP_FRAMES,
  });
}

export function videoLabel(ctx: TPartContext, sectionId: string) {
  const n = [...ctx.clips.keys()].indexOf(sectionId) + 1;
  return `Video ${n}`;
}
