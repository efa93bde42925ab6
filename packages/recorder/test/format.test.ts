import { describe, expect, it } from 'vitest';
import { isH264, pickRecordingFormat, recordedFormat } from '../src/format.ts';

describe('pickRecordingFormat', () => {
  it('asks for H.264 first: AAC (Safari), then Opus (Chrome), then WebM', () => {
    expect(pickRecordingFormat(() => true)).toEqual({
      mimeType: 'video/mp4;codecs=avc1,mp4a.40.2',
      fileType: 'video/mp4',
      extension: 'mp4',
    });
    // Debian's Chromium: avc1 with Opus, no AAC encoder (media-findings).
    const chromium = new Set([
      'video/mp4;codecs=avc1,opus',
      'video/mp4;codecs=avc1',
      'video/webm;codecs=vp8,opus',
    ]);
    expect(pickRecordingFormat((t) => chromium.has(t))).toEqual({
      mimeType: 'video/mp4;codecs=avc1,opus',
      fileType: 'video/mp4',
      extension: 'mp4',
    });
    // A Chromium without the Opus pairing still records H.264 before WebM.
    chromium.delete('video/mp4;codecs=avc1,opus');
    expect(pickRecordingFormat((t) => chromium.has(t)).mimeType).toBe('video/mp4;codecs=avc1');
  });

  it('falls back to WebM, then plain MP4, then the browser default', () => {
    expect(pickRecordingFormat((t) => t.startsWith('video/webm'))).toEqual({
      mimeType: 'video/webm;codecs=vp9,opus',
      fileType: 'video/webm',
      extension: 'webm',
    });
    expect(pickRecordingFormat((t) => t === 'video/mp4').extension).toBe('mp4');
    expect(pickRecordingFormat(() => false)).toEqual({
      mimeType: undefined,
      fileType: 'video/webm',
      extension: 'webm',
    });
  });

  it('believes what MediaRecorder says it records', () => {
    const asked = pickRecordingFormat((t) => t === 'video/mp4');
    expect(recordedFormat(asked, 'video/webm;codecs=vp9')).toMatchObject({ fileType: 'video/webm' });
    expect(recordedFormat(asked, undefined)).toBe(asked);
    expect(isH264('video/mp4;codecs=avc1,opus')).toBe(true);
    expect(isH264('video/mp4;codecs=vp9,opus')).toBe(false);
  });
});
