import { describe, expect, it } from 'vitest';
import type { TTemplateSection } from '../src/video-template.ts';
import {
  buildTemplateTimeline,
  CROSSFADE_MS,
  EMPTY_VIDEO_SCENE_MS,
  easeInOut,
  sceneAt,
  TEMPLATE_CARD_MS,
  templateFrameCount,
} from '../src/video-template-timeline.ts';

const video = (id: string, duration: number): TTemplateSection => ({
  type: 'video',
  id,
  video: { assetId: null, url: `https://cdn.example/${id}.mp4`, transcoded: true, duration },
  title: '',
  subtitle: '',
  applySoundtrack: true,
});
const sections: TTemplateSection[] = [
  { type: 'entrance', id: 'e', text: 'Hello' },
  video('v1', 10_000),
  { type: 'transition', id: 't', heading: 'Next', text: '' },
  video('v2', 8_000),
  { type: 'ending', id: 'x', text: 'Apply' },
];

describe('buildTemplateTimeline', () => {
  const timeline = buildTemplateTimeline('landscape', { sections });

  it('lays the scenes out in section order, overlapping by the crossfade', () => {
    expect(timeline.scenes.map((s) => [s.sectionId, s.kind, s.startMs, s.endMs])).toEqual([
      ['e', 'entrance', 0, 3000],
      ['v1', 'video', 2500, 12_500],
      ['t', 'transition', 12_000, 15_000],
      ['v2', 'video', 14_500, 22_500],
      ['x', 'ending', 22_000, 25_500],
    ]);
    expect(timeline.scenes.map((s) => [s.fadeInMs, s.fadeOutMs])).toEqual([
      [0, 500],
      [500, 500],
      [500, 500],
      [500, 500],
      [500, 0],
    ]);
  });

  it('lasts the scene lengths minus the overlaps, exactly, and ends with the last scene', () => {
    const lengths = 3000 + 10_000 + 3000 + 8000 + 3500;
    expect(timeline.durationMs).toBe(lengths - 4 * CROSSFADE_MS);
    expect(timeline.durationMs).toBe(timeline.scenes.at(-1)!.endMs);
    expect(timeline.scenes.every((s) => s.endMs - s.startMs === s.durationMs)).toBe(true);
  });

  it('gives video scenes their clip length and cards their fixed lengths', () => {
    expect(timeline.scenes[1]!.clipMs).toBe(10_000);
    expect(timeline.scenes[0]!.durationMs).toBe(TEMPLATE_CARD_MS.entrance);
    expect(timeline.scenes[2]!.durationMs).toBe(TEMPLATE_CARD_MS.transition);
    expect(timeline.scenes[4]!.durationMs).toBe(TEMPLATE_CARD_MS.ending);
  });

  it('has the output sizes 1280x720 and 720x1280 at 30 fps', () => {
    expect([timeline.width, timeline.height, timeline.fps]).toEqual([1280, 720, 30]);
    const portrait = buildTemplateTimeline('portrait', { sections });
    expect([portrait.width, portrait.height]).toEqual([720, 1280]);
  });

  it('shortens the overlap next to a very short clip, never covering a scene', () => {
    const t = buildTemplateTimeline('landscape', { sections: [video('a', 600), video('b', 5000)] });
    expect(t.scenes[0]!.fadeOutMs).toBe(300);
    expect(t.scenes[1]!.startMs).toBe(300);
    expect(t.durationMs).toBe(5300);
  });

  it('holds a place for a video without a clip, and is empty without sections', () => {
    const t = buildTemplateTimeline('landscape', { sections: [video('a', 0)] });
    expect(t.durationMs).toBe(EMPTY_VIDEO_SCENE_MS);
    expect(t.scenes[0]!.clipMs).toBe(0);
    expect(buildTemplateTimeline('portrait', { sections: [] }).durationMs).toBe(0);
  });

  it('counts the frames of the MP4', () => {
    expect(templateFrameCount(timeline)).toBe(765);
    expect(templateFrameCount({ durationMs: 1000, fps: 30 })).toBe(30);
    expect(templateFrameCount({ durationMs: 1001, fps: 30 })).toBe(31);
  });
});

describe('sceneAt', () => {
  const timeline = buildTemplateTimeline('landscape', { sections });

  it('is the only scene outside a crossfade', () => {
    expect(sceneAt(timeline, 1000)).toEqual({
      scene: timeline.scenes[0],
      localMs: 1000,
      outgoing: null,
      mix: 1,
    });
    const at = sceneAt(timeline, 5000)!;
    expect(at.scene.sectionId).toBe('v1');
    expect(at.localMs).toBe(2500);
    expect(at.outgoing).toBeNull();
  });

  it('inside a crossfade: the incoming scene over the outgoing one, its opacity eased from 0 to 1', () => {
    const start = sceneAt(timeline, 2500)!;
    expect(start.scene.sectionId).toBe('v1');
    expect(start.outgoing).toEqual({ scene: timeline.scenes[0], localMs: 2500 });
    expect(start.mix).toBe(0);
    const middle = sceneAt(timeline, 2750)!;
    expect(middle.mix).toBeCloseTo(0.5);
    const late = sceneAt(timeline, 2900)!;
    expect(late.mix).toBeGreaterThan(0.9);
    expect(late.mix).toBeLessThan(1);
    expect(sceneAt(timeline, 3000)!.outgoing).toBeNull();
  });

  it('clamps times before the start and after the end', () => {
    expect(sceneAt(timeline, -50)!.scene.sectionId).toBe('e');
    const end = sceneAt(timeline, 99_999)!;
    expect(end.scene.sectionId).toBe('x');
    expect(end.localMs).toBe(end.scene.durationMs);
    expect(sceneAt(buildTemplateTimeline('landscape', { sections: [] }), 0)).toBeNull();
  });
});

describe('easeInOut', () => {
  it('starts at 0, ends at 1, passes 0.5 in the middle and rises monotonically', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.5)).toBeCloseTo(0.5);
    expect(easeInOut(-1)).toBe(0);
    expect(easeInOut(2)).toBe(1);
    const xs = Array.from({ length: 21 }, (_, i) => easeInOut(i / 20));
    expect(xs.every((x, i) => i === 0 || x >= xs[i - 1]!)).toBe(true);
  });
});
