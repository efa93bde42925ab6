import { describe, expect, it } from 'vitest';
import { renderPlanSegments } from '../src/video-template-captions.ts';
import type { TTemplateSection } from '../src/video-template.ts';
import { buildTemplateTimeline } from '../src/video-template-timeline.ts';

const clip = (assetId: string, duration: number) => ({
  assetId,
  url: `/v/${assetId}.mp4`,
  transcoded: false,
  duration,
});
const sections: TTemplateSection[] = [
  { type: 'entrance', id: 'e', text: 'Join Northwind' },
  {
    type: 'video',
    id: 'v',
    video: clip('a1', 6000),
    title: 'Ada',
    subtitle: 'Head chef',
    applySoundtrack: false,
  },
  { type: 'transition', id: 't', heading: 'Our kitchen', text: 'Fresh every day' },
  { type: 'ending', id: 'x', text: 'Apply today' },
];

describe('an animated video’s captions from its render plan', () => {
  it('each card at its own times, the clip’s speech moved to where it plays, never overlapping', () => {
    const timeline = buildTemplateTimeline('landscape', { sections });
    // entrance 0–3000, video 2500–8500, transition 8000–11000, ending 10500–14000 (500 ms crossfades).
    expect(timeline.scenes.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 3000],
      [2500, 8500],
      [8000, 11000],
      [10500, 14000],
    ]);
    const segments = renderPlanSegments({
      timeline,
      sections,
      clipSegments: new Map([
        [
          'a1',
          [
            { start: 0, end: 2, text: 'Hello, I cook.', words: [{ start: 0.1, end: 0.5, word: 'Hello,' }] },
            { start: 2, end: 5.9, text: 'Come and join us.' },
          ],
        ],
      ]),
    });
    expect(segments).toEqual([
      { start: 0, end: 2.75, text: 'Join Northwind' },
      // Cut at the crossfade's middle (2.75 s): timed by the segment alone.
      { start: 2.75, end: 4.5, text: 'Hello, I cook.' },
      { start: 4.5, end: 8.25, text: 'Come and join us.' },
      { start: 8.25, end: 10.75, text: 'Our kitchen — Fresh every day' },
      { start: 10.75, end: 14, text: 'Apply today' },
    ]);
    for (let i = 1; i < segments.length; i += 1)
      expect(segments[i]!.start).toBeGreaterThanOrEqual(segments[i - 1]!.end);
  });

  it('a clip without a transcript and an empty card add nothing', () => {
    const plain: TTemplateSection[] = [
      { type: 'entrance', id: 'e', text: '  ' },
      { type: 'video', id: 'v', video: clip('a2', 4000), title: '', subtitle: '', applySoundtrack: true },
    ];
    const timeline = buildTemplateTimeline('portrait', { sections: plain });
    expect(renderPlanSegments({ timeline, sections: plain, clipSegments: new Map() })).toEqual([]);
  });
});
