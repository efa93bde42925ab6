import { describe, expect, it } from 'vitest';
import { formatDuration, readLibraryParams, writeLibraryParams } from './library-params.ts';
import { videoStatusDisplay } from './asset-status.ts';
import { beaconSeconds } from './engagement-beacon.ts';
import { isSixteenByNine } from './thumbnail-check.ts';
import { nextTags } from './tags-dialog.tsx';

const q = (s: string) => new URLSearchParams(s);

describe('library URL', () => {
  it('defaults to recorded, page 0, no search; ignores junk', () => {
    expect(readLibraryParams(q(''))).toEqual({ tab: 'recorded', page: 0, search: '' });
    expect(readLibraryParams(q('tab=bogus&page=-3'))).toEqual({ tab: 'recorded', page: 0, search: '' });
    expect(readLibraryParams(q('tab=images&page=2&search=team'))).toEqual({
      tab: 'images',
      page: 2,
      search: 'team',
    });
  });

  it('a new search or tab starts again at page 0; a new tab drops the search', () => {
    expect(writeLibraryParams(q('page=3'), { search: 'chef' }).toString()).toBe('search=chef');
    expect(writeLibraryParams(q('page=3&search=chef'), { tab: 'images' }).toString()).toBe('tab=images');
    expect(writeLibraryParams(q('tab=animated'), { tab: 'recorded' }).toString()).toBe('');
    expect(writeLibraryParams(q('search=chef'), { page: 1 }).toString()).toBe('search=chef&page=1');
  });
});

describe('video status', () => {
  it('shows new as prepared and in progress as processing; opens only prepared, posted or new', () => {
    expect(videoStatusDisplay('new')).toMatchObject({ label: 'prepared', clickable: true });
    expect(videoStatusDisplay('posted')).toMatchObject({ label: 'posted', clickable: true });
    expect(videoStatusDisplay('in progress')).toMatchObject({
      label: 'processing',
      busy: true,
      clickable: false,
    });
    expect(videoStatusDisplay('ready')).toMatchObject({ label: 'ready', clickable: false });
    expect(videoStatusDisplay('error')).toMatchObject({ label: 'error', color: 'error', clickable: false });
  });
});

describe('small rules', () => {
  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBeNull();
  });

  it('beacons each 5 s mark once, nothing when seeking back', () => {
    expect(beaconSeconds(0, 4.9)).toEqual([]);
    expect(beaconSeconds(0, 5.1)).toEqual([5]);
    expect(beaconSeconds(5, 16)).toEqual([10, 15]);
    expect(beaconSeconds(15, 3)).toEqual([]);
  });

  it('accepts 16:9 thumbnails only', () => {
    expect(isSixteenByNine({ width: 1280, height: 720 })).toBe(true);
    expect(isSixteenByNine({ width: 1920, height: 1080 })).toBe(true);
    expect(isSixteenByNine({ width: 800, height: 600 })).toBe(false);
  });

  it('keeps at most 10 unique tags', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(nextTags([], [' a ', 'a', 'b'])).toEqual(['a', 'b']);
    expect(nextTags(ten, [...ten, 'eleven'])).toBe(ten);
  });
});
