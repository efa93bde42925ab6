import { describe, expect, it } from 'vitest';
import { addCueAfter, cueIndexAt, mergeWithNext, nudgeCue, splitCue } from '../src/caption-edit.ts';
import {
  CAPTION_FILE_MAX_BYTES,
  captionMessages,
  cuesFromSegments,
  cuesText,
  cuesToSrt,
  cuesToVtt,
  parseCaptionFile,
  parseCaptionTime,
  validateCues,
} from '../src/captions.ts';

const VTT = `WEBVTT - made by hand

NOTE a comment that is not a cue

1
00:00:00.500 --> 00:00:02.000 line:90%
<v Ada>Hello &amp; welcome</v>

intro-2
00:02.000 --> 00:04.250
to the <b>team</b>
second line
`;

const SRT = `1\r\n00:00:00,500 --> 00:00:02,000\r\nHello & welcome\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,250\r\nto the team\r\nsecond line\r\n`;

describe('captions files (issue 34 item 3)', () => {
  it('reads a WebVTT file: hours optional, settings, identifiers, tags and entities, notes skipped', () => {
    expect(parseCaptionFile(VTT)).toEqual({
      ok: true,
      cues: [
        { start: 0.5, end: 2, text: 'Hello & welcome' },
        { start: 2, end: 4.25, text: 'to the team\nsecond line' },
      ],
    });
  });

  it('reads a SubRip file with Windows line ends and a byte-order mark', () => {
    expect(parseCaptionFile(`\uFEFF${SRT}`)).toEqual({
      ok: true,
      cues: [
        { start: 0.5, end: 2, text: 'Hello & welcome' },
        { start: 2, end: 4.25, text: 'to the team\nsecond line' },
      ],
    });
  });

  it('writes what it reads back, in both formats', () => {
    const parsed = parseCaptionFile(VTT);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(cuesToVtt(parsed.cues)).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nHello &amp; welcome\n\n2\n00:00:02.000 --> 00:00:04.250\nto the team\nsecond line\n',
    );
    expect(parseCaptionFile(cuesToVtt(parsed.cues))).toEqual(parsed);
    expect(cuesToSrt(parsed.cues)).toBe(
      '1\n00:00:00,500 --> 00:00:02,000\nHello & welcome\n\n2\n00:00:02,000 --> 00:00:04,250\nto the team\nsecond line\n',
    );
    expect(parseCaptionFile(cuesToSrt(parsed.cues))).toEqual(parsed);
  });

  it('refuses overlapping cues, naming the cue', () => {
    const file = 'WEBVTT\n\n00:00.000 --> 00:03.000\nOne\n\n00:02.000 --> 00:04.000\nTwo\n';
    expect(parseCaptionFile(file)).toEqual({ ok: false, error: captionMessages.overlap(2) });
    expect(captionMessages.overlap(2)).toBe('Cue 2 starts before cue 1 ends');
  });

  it('refuses bad times, a cue that ends before it starts, and a cue without words', () => {
    expect(parseCaptionFile('1\n00:00:01,000 --> 00:00:61,000\nHi\n')).toEqual({
      ok: false,
      error: 'Cue 1: "00:00:61,000" is not a time (00:00:01.500)',
    });
    expect(parseCaptionFile('WEBVTT\n\n1\nsoon --> 00:00:02.000\nHi\n')).toEqual({
      ok: false,
      error: captionMessages.badTime(1, 'soon'),
    });
    expect(parseCaptionFile('WEBVTT\n\n00:00:03.000 --> 00:00:02.000\nHi\n')).toEqual({
      ok: false,
      error: captionMessages.endBeforeStart(1),
    });
    expect(parseCaptionFile('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i></i>\n')).toEqual({
      ok: false,
      error: captionMessages.noText(1),
    });
  });

  it('refuses an empty file, a file of no cues, something else, and more than 1 MB', () => {
    expect(parseCaptionFile('')).toEqual({ ok: false, error: captionMessages.empty });
    expect(parseCaptionFile('WEBVTT\n\nNOTE only a note\n')).toEqual({
      ok: false,
      error: captionMessages.empty,
    });
    expect(parseCaptionFile('<html><body>captions</body></html>')).toEqual({
      ok: false,
      error: captionMessages.notCaptions,
    });
    expect(parseCaptionFile('x'.repeat(CAPTION_FILE_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: captionMessages.tooLarge,
    });
  });

  it('reads times in both notations', () => {
    expect(parseCaptionTime('01:02:03.456')).toBe(3723.456);
    expect(parseCaptionTime('02:03,456')).toBe(123.456);
    expect(parseCaptionTime('1:2:3.4')).toBeNull();
  });

  it('validates cues the editor saves: trimmed, in order', () => {
    expect(
      validateCues([
        { start: 0, end: 1, text: '  Hi \n there ' },
        { start: 1, end: 2, text: 'again' },
      ]),
    ).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 1, text: 'Hi\nthere' },
        { start: 1, end: 2, text: 'again' },
      ],
    });
    expect(validateCues([])).toEqual({ ok: false, error: captionMessages.empty });
  });

  it('makes cues and plain text from a transcript', () => {
    const cues = cuesFromSegments([
      { start: 0, end: 2, text: 'Welcome to the team.' },
      { start: 2, end: 4, text: 'We build tools people love.' },
    ]);
    expect(cues).toEqual([
      { start: 0, end: 2, text: 'Welcome to the team.' },
      { start: 2, end: 4, text: 'We build tools people love.' },
    ]);
    expect(cuesText([{ start: 0, end: 1, text: 'Two\nlines' }, ...cues])).toBe(
      'Two lines Welcome to the team. We build tools people love.',
    );
  });
});

describe('the caption editor’s changes (issue 34 item 3)', () => {
  const cues = [
    { start: 0, end: 2, text: 'one two three four' },
    { start: 2.5, end: 4, text: 'five' },
  ];

  it('splits a cue by its words, its time shared by their length', () => {
    expect(splitCue(cues, 0)).toEqual([
      { start: 0, end: 0.824, text: 'one two' },
      { start: 0.824, end: 2, text: 'three four' },
      cues[1],
    ]);
    expect(splitCue(cues, 1)).toBe(cues); // one word
  });

  it('merges a cue with the next', () => {
    expect(mergeWithNext(cues, 0)).toEqual([{ start: 0, end: 4, text: 'one two three four five' }]);
    expect(mergeWithNext(cues, 1)).toBe(cues);
  });

  it('nudges an edge by a tenth of a second, never into a neighbour or before the start', () => {
    expect(nudgeCue(cues, { index: 0, edge: 'end', delta: 0.1 })[0]).toEqual({ ...cues[0], end: 2.1 });
    const pushed = [0, 1, 2, 3, 4, 5, 6].reduce(
      (list) => nudgeCue(list, { index: 0, edge: 'end', delta: 0.1 }),
      cues,
    );
    expect(pushed[0]!.end).toBe(2.5);
    expect(nudgeCue(cues, { index: 0, edge: 'start', delta: -0.1 })[0]!.start).toBe(0);
    expect(nudgeCue(cues, { index: 1, edge: 'start', delta: -0.1 })[1]!.start).toBe(2.4);
    expect(nudgeCue(cues, { index: 1, edge: 'end', delta: -0.1 })[1]!.end).toBe(3.9);
  });

  it('adds a cue in the gap after one, and finds the cue at a time', () => {
    expect(addCueAfter(cues, 1, { duration: 5 })[2]).toEqual({ start: 4, end: 5, text: '' });
    expect(addCueAfter([], -1, { duration: 10 })).toEqual([{ start: 0, end: 2, text: '' }]);
    expect(cueIndexAt(cues, 3)).toBe(1);
    expect(cueIndexAt(cues, 2.2)).toBe(-1);
  });
});
