import { z } from 'zod';
import {
  SUMMARY_LIMITS,
  type TAnswerSummary,
  type TSummaryPoint,
  type TTranscriptSegment,
} from './transcript.ts';

// Issue 34 item 5 (decision 038): what the AI endpoint answers is checked before anything is shown. A point is
// kept only when its quote is the candidate's own words, verbatim, from one segment of the transcript, and its
// time is that segment's; a point that judges (a score, a rank, a recommendation) is dropped.

export const summaryMessages = {
  off: 'Answer summaries are turned off for this company',
  noAi: 'Answer summaries need an AI endpoint (AI_BASE_URL)',
  notDone: 'The answer has no transcript yet',
  notAnswer: 'Only interview answers are summarised',
  failed: 'The summary could not be made',
} as const;

/** What the model is asked to answer; anything else in it is ignored. */
export const ZRawSummary = z.object({
  points: z
    .array(z.object({ point: z.unknown(), quote: z.unknown(), time: z.unknown() }).partial())
    .default([]),
});

/** Words that judge the candidate rather than say what they said. */
const JUDGEMENT =
  /\b(scor(e|es|ed|ing)|rat(e|es|ed|ing)|rank(s|ed|ing)?|recommend\w*|hire|hiring decision|reject\w*|shortlist\w*|strong(er|est)? candidate|weak(er|est)? candidate|best candidate|top candidate|suitab\w+|fit for the (role|job)|good fit|poor fit)\b|\d+(\.\d+)?\s*(\/|out of)\s*\d+|\d+\s*%/i;

const normalise = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
/** The quote without the quotation marks and the ellipses a model likes to add around it. */
const bare = (quote: string) =>
  normalise(quote)
    .replace(/^["'«„]+|["'»“]+$/g, '')
    .replace(/^(\.\.\.|…)\s*|\s*(\.\.\.|…)$/g, '')
    .trim();

/** How far a point's time may be from its segment's start, seconds (models round). */
const TIME_SLACK = 1;

/**
 * The points of a model's answer that hold: a quote found verbatim in one segment, a time within that segment (or
 * a second of its start), no judgement. Each kept point's time becomes its segment's start.
 */
export function validSummary(raw: unknown, segments: TTranscriptSegment[]): TAnswerSummary {
  const parsed = ZRawSummary.safeParse(raw);
  if (!parsed.success) return { points: [] };
  const points: TSummaryPoint[] = [];
  for (const candidate of parsed.data.points) {
    if (points.length >= SUMMARY_LIMITS.points) break;
    const { point, quote, time } = candidate;
    if (typeof point !== 'string' || typeof quote !== 'string') continue;
    const seconds = typeof time === 'number' ? time : typeof time === 'string' ? clockSeconds(time) : NaN;
    if (!Number.isFinite(seconds)) continue;
    const text = normalise(point);
    const words = bare(quote);
    if (!text || text.length > SUMMARY_LIMITS.pointMax || JUDGEMENT.test(text)) continue;
    if (words.length < 3 || words.length > SUMMARY_LIMITS.quoteMax) continue;
    const segment = segments.find(
      (s) =>
        normalise(s.text).includes(words) && seconds >= s.start - TIME_SLACK && seconds <= s.end + TIME_SLACK,
    );
    if (!segment) continue;
    points.push({ text, quote: words, start: segment.start });
  }
  return { points };
}

/** "1:05", "01:05.5" or "65" as seconds; NaN otherwise. */
function clockSeconds(value: string): number {
  const match = /^\s*(?:(\d+):)?(\d+(?:\.\d+)?)\s*s?\s*$/.exec(value);
  if (!match) return NaN;
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}
