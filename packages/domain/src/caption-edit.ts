import type { TCaptionCueText } from './captions.ts';

// Issue 34 item 3: the caption editor's changes, as pure functions of the cue list (the editor screen holds the
// list; these keep it in time order and never let two cues overlap).

/** The step of the editor's nudge buttons and their keys, in seconds. */
export const NUDGE_SECONDS = 0.1;
/** The shortest cue a nudge or a split leaves. */
export const MIN_CUE_SECONDS = 0.2;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function setCueText(cues: TCaptionCueText[], index: number, text: string): TCaptionCueText[] {
  return cues.map((cue, i) => (i === index ? { ...cue, text } : cue));
}

/**
 * Splits a cue in two: its words halved (the first half keeps the extra word), its time shared by the words'
 * length. A cue of one word, or too short to halve, is left as it is.
 */
export function splitCue(cues: TCaptionCueText[], index: number): TCaptionCueText[] {
  const cue = cues[index];
  if (!cue) return cues;
  const words = cue.text.split(/\s+/).filter(Boolean);
  if (words.length < 2 || cue.end - cue.start < 2 * MIN_CUE_SECONDS) return cues;
  const half = Math.ceil(words.length / 2);
  const first = words.slice(0, half).join(' ');
  const second = words.slice(half).join(' ');
  const share = first.length / (first.length + second.length);
  const at = round(
    Math.min(
      cue.end - MIN_CUE_SECONDS,
      Math.max(cue.start + MIN_CUE_SECONDS, cue.start + (cue.end - cue.start) * share),
    ),
  );
  return [
    ...cues.slice(0, index),
    { start: cue.start, end: at, text: first },
    { start: at, end: cue.end, text: second },
    ...cues.slice(index + 1),
  ];
}

/** Merges a cue with the next one: from the first's start to the second's end, the words joined. */
export function mergeWithNext(cues: TCaptionCueText[], index: number): TCaptionCueText[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return cues;
  return [
    ...cues.slice(0, index),
    { start: cue.start, end: next.end, text: `${cue.text.trim()} ${next.text.trim()}`.trim() },
    ...cues.slice(index + 2),
  ];
}

/**
 * Moves one edge of a cue by `delta` seconds, held between its neighbours (no overlap), the video's start and
 * the shortest cue.
 */
export function nudgeCue(
  cues: TCaptionCueText[],
  { index, edge, delta }: { index: number; edge: 'start' | 'end'; delta: number },
): TCaptionCueText[] {
  const cue = cues[index];
  if (!cue) return cues;
  const before = cues[index - 1];
  const after = cues[index + 1];
  let { start, end } = cue;
  if (edge === 'start') start = Math.min(end - MIN_CUE_SECONDS, Math.max(before?.end ?? 0, start + delta));
  else end = Math.max(start + MIN_CUE_SECONDS, Math.min(after?.start ?? Infinity, end + delta));
  if (start < 0 || end <= start) return cues;
  return cues.map((c, i) => (i === index ? { ...c, start: round(start), end: round(end) } : c));
}

/** Adds a cue after `index` (or first when the list is empty), in the gap that follows, when there is one. */
export function addCueAfter(
  cues: TCaptionCueText[],
  index: number,
  { duration }: { duration: number | null },
): TCaptionCueText[] {
  const cue = cues[index];
  const start = cue ? cue.end : 0;
  const next = cues[index + 1];
  const limit = next?.start ?? duration ?? start + 2;
  const end = Math.min(limit, start + 2);
  if (end - start < MIN_CUE_SECONDS) return cues;
  return [
    ...cues.slice(0, index + 1),
    { start: round(start), end: round(end), text: '' },
    ...cues.slice(index + 1),
  ];
}

export function removeCue(cues: TCaptionCueText[], index: number): TCaptionCueText[] {
  return cues.filter((_, i) => i !== index);
}

/** The index of the cue showing at `time`, or -1. */
export function cueIndexAt(cues: TCaptionCueText[], time: number): number {
  return cues.findIndex((cue) => cue.start <= time && time < cue.end);
}
