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
  if (q.answerType === 'video') {
    terms.push(q.limitSeconds ? `up to ${formatDuration(q.limitSeconds)} to answer` : 'no time limit');
    terms.push(
      q.retakes === null
        ? 'unlimited retakes'
        : q.retakes === 0
          ? 'one take'
          : `${q.retakes} retake${q.retakes === 1 ? '' : 's'}`,
    );
  }
  if (q.answerType === 'text' && q.maxChars)
    terms.push(`up to ${q.maxChars.toLocaleString('en-GB')} characters`);
  if (!q.required) terms.push('optional');
  return terms;
}

/** The time the whole interview allows for answering videos (preparation included), in seconds. */
export const totalSeconds = (questions: TCandidateQuestion[]) =>
  questions.reduce(
    (sum, q) => sum + (q.prepSeconds ?? 0) + (q.answerType === 'video' ? (q.limitSeconds ?? 0) : 0),
    0,
  );
