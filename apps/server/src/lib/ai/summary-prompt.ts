import { SUMMARY_LIMITS } from '@hirecast/domain/transcript';
import type { TAnswerSummaryInput } from './types.ts';

// Issue 34 item 5, decision 038: the summary helps a person read an answer faster; it never judges. The EU AI Act
// (Annex III point 4) makes systems that evaluate candidates high-risk: this prompt asks for what was said, with
// the words that say it, and forbids scores, rankings and recommendations (the answer is checked for them too).
export const SUMMARY_PROMPT = [
  "You help a hiring team read a candidate's spoken answer to one interview question.",
  `Write at most ${SUMMARY_LIMITS.points} short points saying what the candidate said, in the order they said it,`,
  'in the language of the answer. Each point quotes the words it is based on exactly as they appear in one line',
  "of the transcript (copy them character for character, a few words to one sentence) and gives that line's",
  'start time in seconds. Only what the candidate said: never a score, a rating, a ranking, a comparison with',
  'other candidates, a judgement of suitability or a recommendation to hire or reject, and nothing about age,',
  'gender, origin, health, accent or any other personal characteristic.',
  'Answer one JSON object and nothing else: {"points": [{"point": string, "quote": string, "time": number}]}.',
].join(' ');

// A long answer is a few thousand words: enough for the model, and the cost grows with the text.
const TRANSCRIPT_MAX = 20_000;

const clock = (seconds: number) => seconds.toFixed(1);

export function buildSummaryPrompt(input: TAnswerSummaryInput) {
  const lines = input.segments.map((s) => `[${clock(s.start)}] ${s.text.trim()}`).join('\n');
  return [
    `Interview question: ${input.question}`,
    input.language ? `Language: ${input.language}` : '',
    '',
    'Transcript (each line starts with its start time in seconds):',
    lines.slice(0, TRANSCRIPT_MAX),
  ]
    .filter((line, i) => line !== '' || i === 2)
    .join('\n');
}
