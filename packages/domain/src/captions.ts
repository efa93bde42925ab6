import { z } from 'zod';
import type { TTranscriptSegment } from './transcript.ts';
import { captionCues, formatVttTime } from './webvtt.ts';

// Issue 34 item 3: the captions a team can trust. A video's captions are cues (start, end, words); they are
// generated from the transcript until someone saves or uploads their own, which makes them reviewed, and from
// then on every caption route serves those.

export const CAPTION_STATES = ['none', 'generated', 'reviewed'] as const;
export type TCaptionState = (typeof CAPTION_STATES)[number];

/** A .vtt or .srt file larger than this is refused (before it is read, when it says its size). */
export const CAPTION_FILE_MAX_BYTES = 1024 * 1024;
export const CAPTION_LIMITS_EDIT = { cues: 5000, cueChars: 500, seconds: 24 * 3600 } as const;

export const captionMessages = {
  empty: 'The captions file has no cues',
  tooLarge: 'The captions file is larger than 1 MB',
  notCaptions: 'This is not a WebVTT (.vtt) or SubRip (.srt) file',
  badTime: (cue: number, time: string) => `Cue ${cue}: "${time}" is not a time (00:00:01.500)`,
  endBeforeStart: (cue: number) => `Cue ${cue} ends before it starts`,
  overlap: (cue: number) => `Cue ${cue} starts before cue ${cue - 1} ends`,
  noText: (cue: number) => `Cue ${cue} has no words`,
  cueTooLong: (cue: number) => `Cue ${cue} is longer than ${CAPTION_LIMITS_EDIT.cueChars} characters`,
  tooMany: `A video can have at most ${CAPTION_LIMITS_EDIT.cues} cues`,
  tooLate: (cue: number) => `Cue ${cue} is past 24 hours`,
  readOnly: 'Viewers cannot change captions',
  noEngine: 'No transcription engine is set up: type the captions or upload a .vtt or .srt file.',
  candidateVideo: "A candidate's video has no caption editor",
} as const;

/** Issue 34: why a caption route refuses an address (a 400 names the part that is wrong). */
export const captionRouteMessages = {
  assetId: 'Not a video id',
  shortId: 'Not a job address',
  jobId: 'Not a job id',
  slug: 'Not a career page address',
} as const;

export const ZCaptionCue = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
});
export type TCaptionCueText = z.infer<typeof ZCaptionCue>;

export const ZCaptions = z.object({
  assetId: z.string(),
  state: z.enum(CAPTION_STATES),
  /** ISO 639-1 code where known: the <track srclang>. */
  language: z.string().nullable(),
  /** Whether a transcription engine is set up (without one the editor starts empty and says so). */
  engine: z.boolean(),
  /** The transcript's status (queued, running, done, failed), or null when none was asked for. */
  transcriptStatus: z.string().nullable(),
  cues: z.array(ZCaptionCue),
  updatedAt: z.string().nullable(),
});
export type TCaptions = z.infer<typeof ZCaptions>;

export const ZSaveCaptionsRequest = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language code such as "en" or "pt-BR"')
    .nullish(),
  cues: z.array(ZCaptionCue).max(CAPTION_LIMITS_EDIT.cues, captionMessages.tooMany),
});
export type TSaveCaptionsRequest = z.infer<typeof ZSaveCaptionsRequest>;

export type TCaptionResult = { ok: true; cues: TCaptionCueText[] } | { ok: false; error: string };

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Cues as they will be stored: words trimmed (line breaks kept), then checked in order (1-based numbers). */
export function validateCues(input: TCaptionCueText[]): TCaptionResult {
  if (input.length === 0) return { ok: false, error: captionMessages.empty };
  if (input.length > CAPTION_LIMITS_EDIT.cues) return { ok: false, error: captionMessages.tooMany };
  const cues: TCaptionCueText[] = [];
  for (const [i, cue] of input.entries()) {
    const n = i + 1;
    const text = cue.text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n');
    if (!text) return { ok: false, error: captionMessages.noText(n) };
    if (text.length > CAPTION_LIMITS_EDIT.cueChars)
      return { ok: false, error: captionMessages.cueTooLong(n) };
    if (!(cue.end > cue.start)) return { ok: false, error: captionMessages.endBeforeStart(n) };
    if (cue.end > CAPTION_LIMITS_EDIT.seconds) return { ok: false, error: captionMessages.tooLate(n) };
    const previous = cues.at(-1);
    if (previous && round(cue.start) < previous.end) return { ok: false, error: captionMessages.overlap(n) };
    cues.push({ start: round(cue.start), end: round(cue.end), text });
  }
  return { ok: true, cues };
}

// "01:02:03.456", "02:03.456" (WebVTT may leave the hours out) or "01:02:03,456" (SubRip).
const TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;

/** A WebVTT or SubRip time in seconds, or null. */
export function parseCaptionTime(value: string): number | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

const unescapeCueText = (text: string) =>
  text
    // Voice, class, language and timestamp tags (<v Ada>, <c.loud>, <00:01.000>) carry no words.
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&');

type TRawCue = { timing: string; lines: string[] };

function readCues(blocks: TRawCue[]): TCaptionResult {
  const cues: TCaptionCueText[] = [];
  for (const [i, block] of blocks.entries()) {
    const [from = '', rest = ''] = block.timing.split('-->');
    const to = rest.trim().split(/\s+/)[0] ?? '';
    const start = parseCaptionTime(from);
    if (start === null) return { ok: false, error: captionMessages.badTime(i + 1, from.trim()) };
    const end = parseCaptionTime(to);
    if (end === null) return { ok: false, error: captionMessages.badTime(i + 1, to) };
    cues.push({ start, end, text: block.lines.map(unescapeCueText).join('\n') });
  }
  return validateCues(cues);
}

const blocksOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);

/** The cues of a WebVTT file (https://www.w3.org/TR/webvtt1/): NOTE, STYLE and REGION blocks are skipped. */
export function parseVtt(text: string): TCaptionResult {
  const [header, ...blocks] = blocksOf(text);
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header[0]!))
    return { ok: false, error: captionMessages.notCaptions };
  // The header block may run on into a first cue when there is no blank line after it: not allowed by the
  // format, and the cue would be lost silently, so it is an error.
  if (header.some((line) => line.includes('-->'))) return { ok: false, error: captionMessages.notCaptions };
  const cues: TRawCue[] = [];
  for (const lines of blocks) {
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0]!)) continue;
    const at = lines.findIndex((line) => line.includes('-->'));
    // A cue's identifier is one line before its timing; anything else is not a cue.
    if (at < 0 || at > 1) return { ok: false, error: captionMessages.notCaptions };
    cues.push({ timing: lines[at]!, lines: lines.slice(at + 1) });
  }
  return readCues(cues);
}

/** The cues of a SubRip file: a number, "00:00:01,000 --> 00:00:02,500", then the words. */
export function parseSrt(text: string): TCaptionResult {
  const cues: TRawCue[] = [];
  for (const lines of blocksOf(text)) {
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0 || at > 1) return { ok: false, error: captionMessages.notCaptions };
    cues.push({ timing: lines[at]!, lines: lines.slice(at + 1) });
  }
  return readCues(cues);
}

/** A .vtt or .srt file's cues: WebVTT when it starts with its WEBVTT header, else SubRip. */
export function parseCaptionFile(text: string): TCaptionResult {
  if (text.length > CAPTION_FILE_MAX_BYTES) return { ok: false, error: captionMessages.tooLarge };
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return { ok: false, error: captionMessages.empty };
  return body.startsWith('WEBVTT') ? parseVtt(body) : parseSrt(body);
}

const escapeCueText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A WebVTT file of cues. */
export function cuesToVtt(cues: TCaptionCueText[]): string {
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${escapeCueText(cue.text)}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

/** 3723.4567 → "01:02:03,457". */
export const formatSrtTime = (seconds: number) => formatVttTime(seconds).replace('.', ',');

/** A SubRip file of cues. */
export function cuesToSrt(cues: TCaptionCueText[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${formatSrtTime(cue.start)} --> ${formatSrtTime(cue.end)}\n${cue.text}\n`)
    .join('\n');
}

/** The cues a transcript's captions are made of (two lines of at most 42 characters each, never overlapping). */
export const cuesFromSegments = (segments: TTranscriptSegment[]): TCaptionCueText[] =>
  captionCues(segments).map((cue) => ({
    start: round(cue.start),
    end: round(cue.end),
    text: cue.lines.join('\n'),
  }));

/** The plain text of cues, for a VideoObject's transcript and search. */
export const cuesText = (cues: TCaptionCueText[]) =>
  cues
    .map((cue) => cue.text.replace(/\s*\n\s*/g, ' '))
    .join(' ')
    .trim();

/** Where the players remember a viewer's captions choice (localStorage), one for every Hirecast player. */
export const CAPTIONS_CHOICE_KEY = 'hirecast.captions';
/** Captions show unless the viewer turned them off (WCAG 2.2 SC 1.2.2: a video with sound is captioned). */
export const captionsOnFrom = (stored: string | null | undefined) => stored !== 'off';

/** The <track label>: the language's own English name ("English", "Portuguese (Brazil)"), else "Captions". */
export function captionsLabel(srclang: string | null | undefined): string {
  if (!srclang) return 'Captions';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(srclang) ?? 'Captions';
  } catch {
    return 'Captions';
  }
}
