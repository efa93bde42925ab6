import { describe, expect, it } from 'vitest';
import {
  MAX_THUMBNAILS_SHOWN,
  displaySize,
  renditionSize,
  thumbnailTimes,
  videoDimension,
} from '../src/video-rules.ts';

describe('thumbnailTimes (spec 3 §5)', () => {
  it('takes 5 evenly spaced frames from a video of 20 s or shorter', () => {
    expect(thumbnailTimes(10)).toEqual([1, 3, 5, 7, 9]);
    expect(thumbnailTimes(20)).toEqual([2, 6, 10, 14, 18]);
    expect(thumbnailTimes(3)).toEqual([0.3, 0.9, 1.5, 2.1, 2.7]);
  });

  it('takes one frame every 5 s from a longer video', () => {
    const times = thumbnailTimes(21);
    expect(times).toEqual([2.5, 7.5, 12.5, 17.5]);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(5);
    expect(thumbnailTimes(31)).toHaveLength(6);
  });

  it('never returns more than the 10 thumbnails that are shown', () => {
    expect(thumbnailTimes(600)).toHaveLength(MAX_THUMBNAILS_SHOWN);
    expect(thumbnailTimes(50)).toHaveLength(10);
  });

  it('keeps every frame inside the video', () => {
    for (const d of [0.5, 4, 19.9, 20.1, 47, 120])
      for (const t of thumbnailTimes(d)) expect(t).toBeLessThan(d);
  });

  it('returns nothing for an unknown or empty duration', () => {
    expect(thumbnailTimes(0)).toEqual([]);
    expect(thumbnailTimes(Number.NaN)).toEqual([]);
  });
});

describe('video dimension', () => {
  it('is portrait when taller than wide as displayed, honouring rotation', () => {
    expect(videoDimension(displaySize({ width: 640, height: 360, rotation: 0 }))).toBe('landscape');
    expect(videoDimension(displaySize({ width: 360, height: 640, rotation: 0 }))).toBe('portrait');
    expect(videoDimension(displaySize({ width: 1920, height: 1080, rotation: -90 }))).toBe('portrait');
    expect(videoDimension(displaySize({ width: 1920, height: 1080, rotation: 180 }))).toBe('landscape');
    expect(videoDimension({ width: 500, height: 500 })).toBe('landscape');
  });
});

describe('renditionSize', () => {
  it('scales the short side to the target, keeping the aspect and even sides', () => {
    expect(renditionSize({ width: 1920, height: 1080 }, 480)).toEqual({ width: 854, height: 480 });
    expect(renditionSize({ width: 1920, height: 1080 }, 720)).toEqual({ width: 1280, height: 720 });
    expect(renditionSize({ width: 1080, height: 1920 }, 720)).toEqual({ width: 720, height: 1280 });
  });

  it('never upscales a small source', () => {
    expect(renditionSize({ width: 640, height: 360 }, 720)).toEqual({ width: 640, height: 360 });
    expect(renditionSize({ width: 321, height: 241 }, 480)).toEqual({ width: 322, height: 242 });
  });
});
