import { describe, expect, it } from 'vitest';
import { languageCode, pieceRanges, stitchPieces } from '../src/transcript.ts';
import { captionCues, formatVttTime, toWebVtt, wrapLines } from '../src/webvtt.ts';

describe('pieceRanges', () => {
  it('keeps a sound that fits in one piece whole', () => {
    expect(pieceRanges(42.5)).toEqual([{ start: 0, length: 42.5 }]);
    expect(pieceRanges(600)).toEqual([{ start: 0, length: 600 }]);
  });

  it('cuts a long sound into pieces that overlap by the overlap, the last one shorter', () => {
    expect(pieceRanges(47, { pieceSeconds: 20, overlapSeconds: 5 })).toEqual([
      { start: 0, length: 20 },
      { start: 15, length: 20 },
      { start: 30, length: 17 },
    ]);
    expect(pieceRanges(1500)).toEqual([
      { start: 0, length: 600 },
      { start: 595, length: 600 },
      { start: 1190, length: 310 },
    ]);
  });
});

describe('stitchPieces', () => {
  const seg = (start: number, end: number, text: string) => ({ start, end, text });

  it('moves each piece onto the video time line and keeps what both pieces heard once', () => {
    const stitched = stitchPieces([
      { start: 0, length: 20, segments: [seg(0, 8, 'a'), seg(8, 16, 'b'), seg(16, 19.5, 'c')] },
      // The overlap is 15–20 s: this piece heard "c" again (at 1–4.5 s of its own time).
      { start: 15, length: 12, segments: [seg(1, 4.5, 'c again'), seg(4.5, 12, 'd')] },
    ]);
    // The cut is at 17.5 s: "c" (middle 17.75 s) belongs to the second piece, whose copy is kept.
    expect(stitched).toEqual([seg(0, 8, 'a'), seg(8, 16, 'b'), seg(16, 19.5, 'c again'), seg(19.5, 27, 'd')]);
  });

  it('shifts word times with their segment', () => {
    const stitched = stitchPieces([
      { start: 0, length: 20, segments: [] },
      {
        start: 15,
        length: 10,
        segments: [{ start: 5, end: 6, text: 'Hi', words: [{ start: 5.1, end: 5.9, word: 'Hi' }] }],
      },
    ]);
    expect(stitched).toEqual([
      { start: 20, end: 21, text: 'Hi', words: [{ start: 20.1, end: 20.9, word: 'Hi' }] },
    ]);
  });
});

describe('languageCode', () => {
  it('reads Whisper language names and codes', () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('German')).toBe('de');
    expect(languageCode('EN-gb')).toBe('en-gb');
    expect(languageCode('nl')).toBe('nl');
    expect(languageCode('klingon')).toBeNull();
    expect(languageCode(null)).toBeNull();
  });
});

describe('WebVTT', () => {
  it('formats times as HH:MM:SS.mmm', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3723.4567)).toBe('01:02:03.457');
    expect(formatVttTime(59.9996)).toBe('00:01:00.000');
  });

  it('wraps words into lines of at most 42 characters', () => {
    const words = 'the quick brown fox jumps over the lazy dog and keeps running far away'.split(' ');
    const lines = wrapLines(words);
    // "…the lazy dog" would be 43 characters.
    expect(lines).toEqual(['the quick brown fox jumps over the lazy', 'dog and keeps running far away']);
    expect(lines.every((l) => l.length <= 42)).toBe(true);
  });

  it('writes one cue per short segment, escaping markup', () => {
    expect(
      toWebVtt([
        { start: 0.5, end: 2, text: ' Hello & welcome ' },
        { start: 2, end: 3.25, text: 'a <b> tag' },
      ]),
    ).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nHello &amp; welcome\n\n2\n00:00:02.000 --> 00:00:03.250\na &lt;b&gt; tag\n',
    );
  });

  it('cuts a long segment into cues of at most two lines, timed by its words', () => {
    const text = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const words = text.split(' ').map((word, i) => ({ start: i, end: i + 0.8, word }));
    const cues = captionCues([{ start: 0, end: 30, text, words }]);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    // Every word once, in order; each cue starts at its first word and ends at its last (the last at the segment's end).
    expect(cues.flatMap((c) => c.lines.join(' ').split(' '))).toEqual(text.split(' '));
    const firstOfSecond = cues[0]!.lines.join(' ').split(' ').length;
    expect(cues[1]!.start).toBe(firstOfSecond);
    expect(cues[0]!.end).toBe(firstOfSecond - 1 + 0.8);
    expect(cues.at(-1)!.end).toBe(30);
  });

  it('shares a segment without word times by length, and never lets cues overlap', () => {
    const text = 'aaaa '.repeat(20).trim();
    const cues = captionCues([
      { start: 0, end: 10, text },
      { start: 9.5, end: 12, text: 'next' },
    ]);
    expect(cues[0]!.start).toBe(0);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    expect(cues.at(-1)).toEqual({ start: 9.5, end: 12, lines: ['next'] });
    expect(cues.at(-2)!.end).toBe(9.5);
  });

  it('drops empty segments', () => {
    expect(toWebVtt([{ start: 0, end: 1, text: '   ' }])).toBe('WEBVTT\n');
  });
});
