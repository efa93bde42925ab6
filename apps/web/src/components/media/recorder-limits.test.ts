import { describe, expect, it } from 'vitest';
import { isSafariOrIos, maxRecordingSeconds } from './recorder-limits.ts';

describe('media library recorder rules (spec 3 §8, §9)', () => {
  it('limits recordings to 148 s, or the limit query value minus 2', () => {
    expect(maxRecordingSeconds('')).toBe(148);
    expect(maxRecordingSeconds('?limit=62')).toBe(60);
    expect(maxRecordingSeconds('?limit=abc')).toBe(148);
    expect(maxRecordingSeconds('?limit=1')).toBe(148);
  });

  it('sends Safari and iOS to the info page, not Chrome or Edge', () => {
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const iosChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) CriOS/131.0 Mobile/15E148 Safari/604.1';
    expect(isSafariOrIos(safari)).toBe(true);
    expect(isSafariOrIos(iosChrome)).toBe(true);
    expect(isSafariOrIos(chrome)).toBe(false);
  });
});
