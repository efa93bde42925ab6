import type { TTranscriptSegment, TTranscriptWord } from './transcript.ts';

// Issue 34 item 2: WebVTT captions from a transcript (https://www.w3.org/TR/webvtt1/). Cues are cut to what
// people read comfortably: at most two lines of at most 42 characters (the BBC and Netflix subtitle guides).

export const CAPTION_LIMITS = { lineChars: 42, lines: 2 } as const;

export type TCaptionCue = { start: number; end: number; lines: string[] };

/** 3723.4567 → "01:02:03.457". */
export function formatVttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Words packed greedily into lines of at most `lineChars` (a longer word stands alone on its line). */
export function wrapLines(words: string[], lineChars: number = CAPTION_LIMITS.lineChars): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= lineChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type TTimedWord = { text: string; start: number; end: number };

// A segment's words with times: the engine's where it gave them, else the segment's time shared out by length.
function timedWords(segment: TTranscriptSegment): TTimedWord[] {
  const given = (segment.words ?? [])
    .map((w: TTranscriptWord) => ({ text: w.word.trim(), start: w.start, end: w.end }))
    .filter((w) => w.text);
  const spoken = segment.text.split(/\s+/).filter(Boolean);
  if (given.length > 0 && given.length === spoken.length)
    // The segment's text keeps its punctuation; the word times come from the engine.
    return given.map((w, i) => ({ ...w, text: spoken[i]! }));
  const total = spoken.reduce((n, w) => n + w.length + 1, 0);
  const span = Math.max(0, segment.end - segment.start);
  let at = segment.start;
  return spoken.map((text) => {
    const start = at;
    at += (span * (text.length + 1)) / total;
    return { text, start, end: at };
  });
}

/** The cues of a transcript: each segment cut into cues of at most two lines, in time order, never overlapping. */
export function captionCues(segments: TTranscriptSegment[]): TCaptionCue[] {
  const cues: TCaptionCue[] = [];
  const { lineChars, lines: maxLines } = CAPTION_LIMITS;
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const words = timedWords(segment);
    let taken: TTimedWord[] = [];
    const flush = (last: boolean) => {
      if (taken.length === 0) return;
      const start = taken[0]!.start;
      const end = last ? Math.max(segment.end, taken.at(-1)!.end) : taken.at(-1)!.end;
      cues.push({
        start,
        end,
        lines: wrapLines(
          taken.map((w) => w.text),
          lineChars,
        ),
      });
      taken = [];
    };
    for (const word of words) {
      const lines = wrapLines(
        [...taken, word].map((w) => w.text),
        lineChars,
      );
      if (lines.length > maxLines) flush(false);
      taken.push(word);
    }
    flush(true);
  }
  // Engines' segments may touch or overlap by a few milliseconds: a cue starts no earlier than the last one ends.
  for (let i = 1; i < cues.length; i++) {
    const previous = cues[i - 1]!;
    const cue = cues[i]!;
    if (cue.start < previous.end) previous.end = Math.max(previous.start, cue.start);
  }
  return cues.filter((cue) => cue.end > cue.start);
}

const escapeCueText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A WebVTT file of a transcript's segments. */
export function toWebVtt(segments: TTranscriptSegment[]): string {
  const blocks = captionCues(segments).map(
    (cue, i) =>
      `${i + 1}\n${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${cue.lines.map(escapeCueText).join('\n')}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}
