import type { TDimension } from './asset.ts';
import type { TTemplateData, TTemplateSection } from './video-template.ts';

// One timeline for the editor's preview and the server's renderer (ARCHITECTURE "Animated videos"): both ask
// it which scenes are on screen at a time t and draw them with drawTemplateFrame, so they cannot disagree.

/** Output frame sizes: 720p, landscape or portrait. */
export const TEMPLATE_OUTPUT_SIZE = {
  landscape: { width: 1280, height: 720 },
  portrait: { width: 720, height: 1280 },
} as const satisfies Record<TDimension, { width: number; height: number }>;

/** Frames per second of the rendered MP4 (and of the clips as the renderer decodes them). */
export const TEMPLATE_FPS = 30;

/**
 * Fixed lengths of the cards (ms). Long enough to read a 128-character text at an easy pace (about 2.5 words
 * a second once the card has settled), short enough that the cards do not outweigh the clips.
 */
export const TEMPLATE_CARD_MS = { entrance: 3000, transition: 3000, ending: 3500 } as const;

/** A video section without a clip yet (only in the editor; finalize refuses it) holds its place this long. */
export const EMPTY_VIDEO_SCENE_MS = 2000;

/**
 * Crossfade between two neighbouring scenes (ms). The scenes OVERLAP by this much: the next scene starts
 * CROSSFADE_MS before the previous one ends, and during the overlap the next scene is drawn over the
 * previous one with a rising opacity (the clip of an outgoing video keeps playing under it). So
 * durationMs = sum of the scene lengths - the overlaps. A scene shorter than twice this gets a shorter
 * overlap (half of the shorter neighbour), so a scene is never entirely covered.
 */
export const CROSSFADE_MS = 500;

export type TSceneKind = TTemplateSection['type'];

export type TTimelineScene = {
  sectionId: string;
  /** Index in data.sections. */
  sectionIndex: number;
  kind: TSceneKind;
  startMs: number;
  endMs: number;
  /** endMs - startMs. */
  durationMs: number;
  /** Overlap with the previous scene (0 for the first): the scene fades in over [startMs, startMs + fadeInMs]. */
  fadeInMs: number;
  /** Overlap with the next scene (0 for the last): the next scene fades in over [endMs - fadeOutMs, endMs]. */
  fadeOutMs: number;
  /** Video scenes: the clip's duration (ms); the clip plays from its start at startMs. 0 for cards and empty videos. */
  clipMs: number;
};

export type TTemplateTimeline = {
  type: TDimension;
  width: number;
  height: number;
  fps: number;
  /** Exactly the end of the last scene. */
  durationMs: number;
  scenes: TTimelineScene[];
};

function sceneLength(section: TTemplateSection): number {
  switch (section.type) {
    case 'video':
      return section.video.duration > 0 ? section.video.duration : EMPTY_VIDEO_SCENE_MS;
    default:
      return TEMPLATE_CARD_MS[section.type];
  }
}

/** The scenes of a template, in section order, with their start and end times. Pure. */
export function buildTemplateTimeline(
  type: TDimension,
  data: Pick<TTemplateData, 'sections'>,
): TTemplateTimeline {
  const lengths = data.sections.map(sceneLength);
  const overlaps = lengths.map((length, i) => {
    const next = lengths[i + 1];
    return next === undefined ? 0 : Math.floor(Math.min(CROSSFADE_MS, length / 2, next / 2));
  });
  const scenes: TTimelineScene[] = [];
  let start = 0;
  data.sections.forEach((section, i) => {
    const durationMs = lengths[i] ?? 0;
    const fadeInMs = i === 0 ? 0 : (overlaps[i - 1] ?? 0);
    scenes.push({
      sectionId: section.id,
      sectionIndex: i,
      kind: section.type,
      startMs: start,
      endMs: start + durationMs,
      durationMs,
      fadeInMs,
      fadeOutMs: overlaps[i] ?? 0,
      clipMs: section.type === 'video' ? section.video.duration : 0,
    });
    start += durationMs - (overlaps[i] ?? 0);
  });
  const last = scenes.at(-1);
  return {
    type,
    ...TEMPLATE_OUTPUT_SIZE[type],
    fps: TEMPLATE_FPS,
    durationMs: last ? last.endMs : 0,
    scenes,
  };
}

export type TSceneAt = {
  /** The scene in front: the only one outside crossfades, the incoming one inside a crossfade. */
  scene: TTimelineScene;
  /** Time inside `scene` (ms, from its start). */
  localMs: number;
  /** Inside a crossfade: the outgoing scene, drawn first, under `scene`. */
  outgoing: { scene: TTimelineScene; localMs: number } | null;
  /** Opacity of `scene` over `outgoing`, eased, 0..1 (1 outside crossfades). */
  mix: number;
};

/** Smooth start and end (cubic), for every animation of the template. */
export function easeInOut(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/**
 * What is on screen at `tMs`, clamped to [0, durationMs] (at durationMs, the last scene's last moment).
 * Null for a template without sections.
 */
export function sceneAt(timeline: TTemplateTimeline, tMs: number): TSceneAt | null {
  const { scenes } = timeline;
  if (scenes.length === 0) return null;
  const t = Math.min(Math.max(0, tMs), timeline.durationMs);
  // The latest scene that has started: scenes start in order, and a later one covers an earlier one.
  let index = 0;
  for (let i = scenes.length - 1; i >= 0; i--) {
    if (scenes[i]!.startMs <= t) {
      index = i;
      break;
    }
  }
  const scene = scenes[index]!;
  const localMs = t - scene.startMs;
  const previous = index > 0 ? scenes[index - 1]! : null;
  if (previous && scene.fadeInMs > 0 && localMs < scene.fadeInMs) {
    return {
      scene,
      localMs,
      outgoing: { scene: previous, localMs: t - previous.startMs },
      mix: easeInOut(localMs / scene.fadeInMs),
    };
  }
  return { scene, localMs, outgoing: null, mix: 1 };
}

/** Number of frames of the rendered MP4: the last frame starts before durationMs. */
export function templateFrameCount(timeline: Pick<TTemplateTimeline, 'durationMs' | 'fps'>): number {
  return Math.ceil((timeline.durationMs * timeline.fps) / 1000);
}
