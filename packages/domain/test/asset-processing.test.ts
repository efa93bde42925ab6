import { describe, expect, it } from 'vitest';
import { isVideoProcessing, videoProcessingPercent } from '../src/asset.ts';

const asset = (over: { status?: string; data?: Record<string, string>; thumbnails?: string[] } = {}) =>
  ({ status: 'new', data: {}, thumbnails: [], ...over }) as Parameters<typeof videoProcessingPercent>[0];
const FIVE = ['t1', 't2', 't3', 't4', 't5'];

describe('videoProcessingPercent (issue 17 item 3)', () => {
  it('grows with each step the pipeline has saved, in its order', () => {
    const queued = asset();
    const started = asset({ status: 'in progress' });
    const playable = asset({ status: 'prepared', data: { videoMp4Url: 'a' } });
    const poster = asset({ status: 'prepared', data: { videoMp4Url: 'a' }, thumbnails: ['t1'] });
    const thumbnails = asset({ status: 'prepared', data: { videoMp4Url: 'a' }, thumbnails: FIVE });
    const steps = [queued, started, playable, poster, thumbnails].map(videoProcessingPercent);
    expect(steps).toEqual([10, 25, 50, 50, 75]);
    for (const a of [queued, started, playable, poster, thumbnails]) expect(isVideoProcessing(a)).toBe(true);
  });

  it('goes on while a copied video still lacks its 480p rendition (720p and thumbnails first, decision 031)', () => {
    const copied = asset({ status: 'prepared', data: { videoMp4Url_720p: 'b' }, thumbnails: FIVE });
    expect(isVideoProcessing(copied)).toBe(true);
    expect(videoProcessingPercent(copied)).toBe(75);
  });

  it("goes on while a video that plays has only its poster's thumbnail, the others to come (decision 039)", () => {
    const small = asset({
      status: 'prepared',
      data: { videoMp4Url: 'a', videoMp4Url_720p: 'a' },
      thumbnails: ['t1'],
    });
    expect(isVideoProcessing(small)).toBe(true);
    expect(videoProcessingPercent(small)).toBe(75);
    expect(isVideoProcessing({ ...small, thumbnails: FIVE })).toBe(false);
  });

  it('is null once the 720p rendition and the thumbnails are there, and for a failed video', () => {
    const done = asset({
      status: 'prepared',
      data: { videoMp4Url: 'a', videoMp4Url_720p: 'b' },
      thumbnails: FIVE,
    });
    expect(videoProcessingPercent(done)).toBeNull();
    expect(videoProcessingPercent(asset({ status: 'error' }))).toBeNull();
  });
});
