import { z } from 'zod';

// Issue 34: the transcript of a video, made by an OpenAI-compatible speech engine (docs/decisions/034-transcription.md).
// Times are seconds from the start of the video, with millisecond precision.

export const TRANSCRIPT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TTranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export const ZTranscriptWord = z.object({ start: z.number(), end: z.number(), word: z.string() });
export const ZTranscriptSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  /** Each word's own times, where the engine gave them. */
  words: z.array(ZTranscriptWord).optional(),
});
export type TTranscriptWord = z.infer<typeof ZTranscriptWord>;
export type TTranscriptSegment = z.infer<typeof ZTranscriptSegment>;

// Issue 34 item 5 (decision 038): a machine-written summary of an interview answer. A few points, each with a
// quote of the candidate's own words and the time it was said. Never a score, a ranking or a recommendation.
export const SUMMARY_LIMITS = { points: 5, pointMax: 200, quoteMax: 300 } as const;
export const SUMMARY_LABEL = 'Machine-written summary';

export const ZSummaryPoint = z.object({
  /** The point, in a few words. */
  text: z.string().min(1).max(SUMMARY_LIMITS.pointMax),
  /** The candidate's words, verbatim from the transcript. */
  quote: z.string().min(1).max(SUMMARY_LIMITS.quoteMax),
  /** Seconds: the start of the segment the quote is from. */
  start: z.number().min(0),
});
export type TSummaryPoint = z.infer<typeof ZSummaryPoint>;
export const ZAnswerSummary = z.object({ points: z.array(ZSummaryPoint).max(SUMMARY_LIMITS.points) });
export type TAnswerSummary = z.infer<typeof ZAnswerSummary>;

export const ZTranscript = z.object({
  _id: z.string(),
  assetId: z.string(),
  status: z.enum(TRANSCRIPT_STATUSES),
  /** Why it failed, in words a team member can act on; null unless failed. */
  failureReason: z.string().nullable(),
  /** The spoken language (an ISO 639-1 code where known): the engine's, else the hint it was sent. */
  language: z.string().nullable(),
  /** The engine's model that made it. */
  model: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  attempts: z.number().int(),
  segments: z.array(ZTranscriptSegment),
  /** The machine-written summary (interview answers, when the company has them on); null: none. */
  summary: ZAnswerSummary.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTranscript = z.infer<typeof ZTranscript>;

/** What Settings shows of transcription: whether an engine is set up, and the company's minutes this month. */
export const ZTranscriptionUsage = z.object({
  engine: z.boolean(),
  /** The company's minutes per calendar month (UTC); null: no cap. */
  monthlyMinutes: z.number().int().nullable(),
  /** Minutes used this month (running and done transcripts), to one decimal. */
  usedMinutes: z.number(),
  /** The month counted, "YYYY-MM" (UTC). */
  month: z.string(),
  /** Issue 34 item 5: the company's machine-written answer summaries (off unless an admin turns them on). */
  answerSummaries: z.boolean(),
  /** Whether an AI endpoint is set up to write them. */
  summariesAvailable: z.boolean(),
});
export type TTranscriptionUsage = z.infer<typeof ZTranscriptionUsage>;

export const ZTranscriptionSettingsRequest = z.object({ answerSummaries: z.boolean() }).strict();
export type TTranscriptionSettingsRequest = z.infer<typeof ZTranscriptionSettingsRequest>;

export const transcriptMessages = {
  none: 'This video has no transcript',
  noCaptions: 'This video has no captions yet',
  noEngine: 'No transcription engine is configured',
  inProgress: 'The transcript is already being made',
  alreadyDone: 'This video already has a transcript',
  notProcessed: 'The video is still being processed',
  capReached: 'Monthly transcription minutes used up',
  noVideo: 'The video file is missing',
  tooLarge: 'The audio was too large for the transcription engine (413)',
  unreadable: "The transcription engine's answer could not be read",
  rejected: (status: number) => `The transcription engine refused the audio (${status})`,
  unreachable: (tries: number) => `The transcription engine could not be reached (${tries} tries)`,
  timedOut: (tries: number) => `The transcription engine did not answer in time (${tries} tries)`,
  kept: (status: number, tries: number) =>
    `The transcription engine kept answering ${status} (${tries} tries)`,
  failed: 'The sound could not be taken from the video',
} as const;

/** How a long video's sound is cut: pieces of `pieceSeconds`, each overlapping the one before by `overlapSeconds`. */
export const TRANSCRIBE_PIECES = { pieceSeconds: 600, overlapSeconds: 5 } as const;

export type TPieceRange = { start: number; length: number };

/** The pieces a sound of `duration` seconds is cut into (one piece when it fits in one). */
export function pieceRanges(
  duration: number,
  { pieceSeconds, overlapSeconds }: { pieceSeconds: number; overlapSeconds: number } = TRANSCRIBE_PIECES,
): TPieceRange[] {
  if (!(pieceSeconds > overlapSeconds) || overlapSeconds < 0) throw new Error('bad piece settings');
  const ranges: TPieceRange[] = [];
  const step = pieceSeconds - overlapSeconds;
  for (let start = 0; ; start += step) {
    if (start + pieceSeconds >= duration) {
      ranges.push({ start, length: round(Math.max(0, duration - start)) });
      return ranges;
    }
    ranges.push({ start, length: pieceSeconds });
  }
}

export type TTranscribedPiece = TPieceRange & { segments: TTranscriptSegment[] };

/**
 * The pieces' segments on the video's own time line. Where two pieces overlap, the cut is the middle of the
 * overlap: a segment belongs to the piece in which its middle falls before (or from) the cut, so a sentence
 * both pieces heard is kept once.
 */
export function stitchPieces(pieces: TTranscribedPiece[]): TTranscriptSegment[] {
  const out: TTranscriptSegment[] = [];
  pieces.forEach((piece, i) => {
    const previous = pieces[i - 1];
    const next = pieces[i + 1];
    const from = previous ? (piece.start + previous.start + previous.length) / 2 : -Infinity;
    const until = next ? (next.start + piece.start + piece.length) / 2 : Infinity;
    for (const segment of piece.segments) {
      const middle = piece.start + (segment.start + segment.end) / 2;
      if (middle < from || middle >= until) continue;
      out.push(shiftSegment(segment, piece.start));
    }
  });
  return out.sort((a, b) => a.start - b.start);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A segment (and its words) moved `by` seconds along the time line. */
export function shiftSegment(segment: TTranscriptSegment, by: number): TTranscriptSegment {
  const moved: TTranscriptSegment = {
    start: round(segment.start + by),
    end: round(segment.end + by),
    text: segment.text,
  };
  if (segment.words)
    moved.words = segment.words.map((w) => ({
      start: round(w.start + by),
      end: round(w.end + by),
      word: w.word,
    }));
  return moved;
}

// Whisper's verbose_json names the language in English ("english"); captions need a code (<track srclang>).
const LANGUAGE_CODES: Record<string, string> = {
  arabic: 'ar',
  bulgarian: 'bg',
  catalan: 'ca',
  chinese: 'zh',
  croatian: 'hr',
  czech: 'cs',
  danish: 'da',
  dutch: 'nl',
  english: 'en',
  estonian: 'et',
  finnish: 'fi',
  french: 'fr',
  german: 'de',
  greek: 'el',
  hebrew: 'he',
  hindi: 'hi',
  hungarian: 'hu',
  icelandic: 'is',
  indonesian: 'id',
  irish: 'ga',
  italian: 'it',
  japanese: 'ja',
  korean: 'ko',
  latvian: 'lv',
  lithuanian: 'lt',
  maltese: 'mt',
  norwegian: 'no',
  polish: 'pl',
  portuguese: 'pt',
  romanian: 'ro',
  russian: 'ru',
  slovak: 'sk',
  slovenian: 'sl',
  spanish: 'es',
  swedish: 'sv',
  turkish: 'tr',
  ukrainian: 'uk',
  vietnamese: 'vi',
  welsh: 'cy',
};

/** A language as an engine names it ("english", "en", "EN-gb") as a code, or null when not recognised. */
export function languageCode(language: string | null | undefined): string | null {
  const value = language?.trim().toLowerCase();
  if (!value) return null;
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(value) && !LANGUAGE_CODES[value]) return value;
  return LANGUAGE_CODES[value] ?? null;
}

// Issue 34 item 4: search across a job's applicants' transcripts (decision 034, "Search").
export const TRANSCRIPT_SEARCH_LIMITS = { queryMax: 200, hits: 50 } as const;

export const transcriptSearchMessages = {
  empty: 'Type the words to search for',
  tooLong: `Search for at most ${TRANSCRIPT_SEARCH_LIMITS.queryMax} characters`,
  badCharacter: 'The search holds a character that cannot be searched for',
} as const;

export const ZTranscriptSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, transcriptSearchMessages.empty)
    .max(TRANSCRIPT_SEARCH_LIMITS.queryMax, transcriptSearchMessages.tooLong)
    // PostgreSQL text cannot hold NUL; other control characters are no words either.
    .refine((q) => !/\p{Cc}/u.test(q), transcriptSearchMessages.badCharacter),
});
export type TTranscriptSearchQuery = z.infer<typeof ZTranscriptSearchQuery>;

/** A piece of a hit's words: `match` marks the searched words (shown highlighted; never markup). */
export const ZSnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type TSnippetPart = z.infer<typeof ZSnippetPart>;

export const ZTranscriptSearchHit = z.object({
  applicationId: z.string(),
  candidateName: z.string(),
  /** An interview answer, or the video introduction sent with the application. */
  kind: z.enum(['answer', 'introduction']),
  /** The interview question (null for the introduction). */
  questionId: z.string().nullable(),
  question: z.string().nullable(),
  assetId: z.string(),
  /** The moment: the start and end of the matching line, seconds. */
  start: z.number(),
  end: z.number(),
  snippet: z.array(ZSnippetPart),
});
export type TTranscriptSearchHit = z.infer<typeof ZTranscriptSearchHit>;

export const ZTranscriptSearchResponse = z.object({
  hits: z.array(ZTranscriptSearchHit),
  /** More lines matched than the hits listed. */
  truncated: z.boolean(),
});
export type TTranscriptSearchResponse = z.infer<typeof ZTranscriptSearchResponse>;

/** The search's own markers around the words found (PostgreSQL's ts_headline StartSel / StopSel). */
const MARK_START = String.fromCharCode(2);
const MARK_STOP = String.fromCharCode(3);

/** Splits a headline marked with MARK_START … MARK_STOP into plain parts. */
export function snippetParts(marked: string): TSnippetPart[] {
  const parts: TSnippetPart[] = [];
  let text = '';
  let match = false;
  for (const ch of marked) {
    if (ch !== MARK_START && ch !== MARK_STOP) {
      text += ch;
      continue;
    }
    if (text) parts.push({ text, match });
    text = '';
    match = ch === MARK_START;
  }
  if (text) parts.push({ text, match });
  return parts;
}
