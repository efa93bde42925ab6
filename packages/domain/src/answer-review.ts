import { assertNever } from './assert-never.ts';
import { ANSWER_TYPES, type TAnswerType, type TInterviewAnswer } from './interview.ts';

// Issue 36 item 3: one rendering of each answer type for review. The app's review (the applicant page, the
// compare view) and the site's outside review are separate Vite apps with their own components (MUI and plain
// HTML), so what they share is this model: which kind of answer it is and the words and links each shows.
// Each page renders every kind (a `switch` ending in `assertNever`), so a new answer type fails the type check
// here and in both pages.

type TAnswerVideo = NonNullable<TInterviewAnswer['video']>;

export type TAnswerReviewModel =
  /** An optional question the candidate skipped. */
  | { kind: 'skipped'; text: string }
  /** A chosen take; `url` null while it is processed. `takes`: how many takes it was chosen from. */
  | { kind: 'video'; video: TAnswerVideo; processing: boolean; takes: string }
  | { kind: 'text'; text: string }
  | { kind: 'choice'; label: string; text: string }
  | { kind: 'file'; name: string; url: string; text: string }
  /** Answered, but the answer holds nothing of its question's type (never for data the server wrote). */
  | { kind: 'empty' };

export type TAnswerReviewKind = TAnswerReviewModel['kind'];

/** Whether an answer as sent holds a value of each type. */
const HOLDS: Record<TAnswerType, (answer: TInterviewAnswer) => boolean> = {
  video: (a) => a.video !== undefined,
  text: (a) => a.text !== undefined,
  choice: (a) => a.choice !== undefined,
  file: (a) => a.file !== undefined,
};

/** The type of the value an answer holds, for a page that no longer knows its question; null: none. */
export function heldAnswerType(answer: TInterviewAnswer): TAnswerType | null {
  return ANSWER_TYPES.find((type) => HOLDS[type](answer)) ?? null;
}

/**
 * How a reviewer sees one answer to a question of `answerType` (null when the page does not know the question:
 * the type of the value the answer holds).
 */
export function answerReviewModel(
  answerType: TAnswerType | null,
  answer: TInterviewAnswer,
): TAnswerReviewModel {
  if (answer.status === 'skipped') return { kind: 'skipped', text: 'Skipped (optional question)' };
  const type = answerType ?? heldAnswerType(answer);
  if (type === null) return { kind: 'empty' };
  switch (type) {
    case 'video': {
      const video = answer.video;
      if (!video) return { kind: 'empty' };
      const takes = `Take ${answer.takesUsed > 1 ? `chosen from ${answer.takesUsed} takes` : '1 of 1'}`;
      return { kind: 'video', video, processing: !video.url, takes };
    }
    case 'text':
      return answer.text !== undefined ? { kind: 'text', text: answer.text } : { kind: 'empty' };
    case 'choice':
      return answer.choice
        ? { kind: 'choice', label: answer.choice.label, text: `Chose: ${answer.choice.label}` }
        : { kind: 'empty' };
    case 'file':
      return answer.file
        ? { kind: 'file', name: answer.file.name, url: answer.file.url, text: `Download ${answer.file.name}` }
        : { kind: 'empty' };
    default:
      return assertNever(type, 'answer type');
  }
}
