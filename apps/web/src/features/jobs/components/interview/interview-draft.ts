import {
  INTERVIEW_LIMITS,
  type TAnswerType,
  type TInterview,
  type TInterviewQuestion,
  type TPutInterviewRequest,
} from '@hirecast/domain/interview';
import { assertNever } from '@hirecast/domain/assert-never';

// The editor's copy of a question set: each question has a stable key for the list (drag, focus) and keeps the
// server's _id so its identity survives edits.
export type TDraftQuestion = {
  key: string;
  _id?: string;
  prompt: string;
  /** A video from the company's library that asks the question (issue 25 item 1); sent as its id. */
  promptVideo: TInterviewQuestion['promptVideo'];
  answerType: TAnswerType;
  options: string[];
  prepSeconds: number | null;
  limitSeconds: number | null;
  maxChars: number | null;
  retakes: number | null;
  required: boolean;
};
export type TDraft = {
  inApply: boolean;
  asStage: boolean;
  practiceQuestion: boolean;
  questions: TDraftQuestion[];
};

let next = 0;
export const newKey = () => `q-${Date.now().toString(36)}-${(next += 1)}`;

export const PREP_CHOICES = [null, 10, 30, 60, 120, 180, 300, 600] as const;
export const LIMIT_CHOICES = [30, 60, 90, 120, 180, 240, 300] as const;
export const RETAKE_CHOICES = [0, 1, 2, 3, 4, 5, null] as const;

export const newQuestion = (answerType: TAnswerType = 'video'): TDraftQuestion => ({
  key: newKey(),
  prompt: '',
  promptVideo: null,
  ...settingsFor(answerType),
  required: true,
});

/** The fields that belong to an answer type, with their defaults (the others are null or empty). */
export function settingsFor(
  answerType: TAnswerType,
  from?: Partial<TDraftQuestion>,
): Pick<TDraftQuestion, 'answerType' | 'options' | 'prepSeconds' | 'limitSeconds' | 'maxChars' | 'retakes'> {
  const prepSeconds = from?.prepSeconds ?? null;
  const none = { options: [], limitSeconds: null, maxChars: null, retakes: 0 };
  switch (answerType) {
    case 'video':
      return {
        answerType,
        ...none,
        prepSeconds,
        limitSeconds: from?.limitSeconds ?? 120,
        retakes: from?.retakes === undefined ? 1 : from.retakes,
      };
    case 'text':
      return { answerType, ...none, prepSeconds, maxChars: from?.maxChars ?? INTERVIEW_LIMITS.textMaxChars };
    case 'choice':
      return { answerType, ...none, options: from?.options?.length ? from.options : ['', ''], prepSeconds };
    case 'file':
      return { answerType, ...none, prepSeconds };
    default:
      return assertNever(answerType, 'answer type');
  }
}

export const draftOf = (interview: TInterview | null): TDraft =>
  interview
    ? {
        inApply: interview.inApply,
        asStage: interview.asStage,
        practiceQuestion: interview.practiceQuestion,
        questions: interview.questions.map((q) => ({
          key: q._id,
          _id: q._id,
          prompt: q.prompt,
          promptVideo: q.promptVideo,
          answerType: q.answerType,
          options: q.options,
          prepSeconds: q.prepSeconds,
          limitSeconds: q.limitSeconds,
          maxChars: q.maxChars,
          retakes: q.retakes,
          required: q.required,
        })),
      }
    : { inApply: true, asStage: true, practiceQuestion: false, questions: [newQuestion()] };

export const requestOf = (draft: TDraft): TPutInterviewRequest => ({
  inApply: draft.inApply,
  asStage: draft.asStage,
  practiceQuestion: draft.practiceQuestion,
  questions: draft.questions.map(({ key: _key, promptVideo, ...q }) => ({
    ...q,
    promptVideoId: promptVideo?._id ?? null,
  })),
});

/** '30 s', '2 min', '1 min 30 s'. */
export function formatSeconds(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

export const moveItem = <T>(list: T[], from: number, to: number): T[] => {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
};
