import { assertNever } from '@hirecast/domain/assert-never';
import type { TCandidateQuestion } from '@hirecast/domain/interview';

/** '45 seconds', '2 minutes', '1 minute 30 seconds'. */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (m === 0) return part(s, 'second');
  return s === 0 ? part(m, 'minute') : `${part(m, 'minute')} ${part(s, 'second')}`;
}

const TYPE_TEXT: Record<TCandidateQuestion['answerType'], string> = {
  video: 'Video answer',
  text: 'Written answer',
  choice: 'Multiple choice',
  file: 'File upload',
};

/** What a question allows, before it is opened: its type, preparation, answer time and retakes. */
export function questionTerms(q: TCandidateQuestion): string[] {
  const terms = [TYPE_TEXT[q.answerType]];
  if (q.prepSeconds) terms.push(`${formatDuration(q.prepSeconds)} to prepare`);
  switch (q.answerType) {
    case 'video':
      terms.push(q.limitSeconds ? `up to ${formatDuration(q.limitSeconds)} to answer` : 'no time limit');
      terms.push(
        q.retakes === null
          ? 'unlimited retakes'
          : q.retakes === 0
            ? 'one take'
            : `${q.retakes} retake${q.retakes === 1 ? '' : 's'}`,
      );
      break;
    case 'text':
      if (q.maxChars) terms.push(`up to ${q.maxChars.toLocaleString('en-GB')} characters`);
      break;
    case 'choice':
    case 'file':
      break;
    default:
      return assertNever(q.answerType, 'answer type');
  }
  if (!q.required) terms.push('optional');
  return terms;
}

/** The answer time a question allows (a video's limit; the others are not timed). */
function answerSeconds(q: TCandidateQuestion): number {
  switch (q.answerType) {
    case 'video':
      return q.limitSeconds ?? 0;
    case 'text':
    case 'choice':
    case 'file':
      return 0;
    default:
      return assertNever(q.answerType, 'answer type');
  }
}

/** The time the whole interview allows for answering videos (preparation included), in seconds. */
export const totalSeconds = (questions: TCandidateQuestion[]) =>
  questions.reduce((sum, q) => sum + (q.prepSeconds ?? 0) + answerSeconds(q), 0);

/**
 * Seconds of preparation left at `serverNowMs` (the server's clock as this device reckons it), or null without
 * a preparation time. Never more than the question allows (its preparation plus its prompt video, as the server
 * counts it): the device's reckoning of the server's clock lags by the page's load time, and rounding that up
 * would show a 30 s preparation as 0:31 (issue 33 item 10).
 */
export function prepSecondsLeft(
  q: Pick<TCandidateQuestion, 'prepEndsAt' | 'prepSeconds' | 'promptVideo'>,
  serverNowMs: number,
): number | null {
  if (!q.prepEndsAt) return null;
  const allowed = (q.prepSeconds ?? 0) + Math.ceil(q.promptVideo?.duration ?? 0);
  const left = Math.ceil((Date.parse(q.prepEndsAt) - serverNowMs) / 1000);
  return Math.min(allowed, Math.max(0, left));
}
