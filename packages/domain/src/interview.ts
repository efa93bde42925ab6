import { z } from 'zod';
import { APPLY_LIMITS } from './apply-messages.ts';
import { assertNever } from './assert-never.ts';
import { ZTranscriptSegment } from './transcript.ts';

// Issue 25: one-way video interviews. A job's question set (1–10 questions), the candidate's session (a
// snapshot of the questions, taken at invitation or at applying), answers, takes, ratings and share links.
// The API contract is written in /work/wt/interview-api.md while the issue is built, then in docs/decisions/028.

export const INTERVIEW_LIMITS = {
  questionsMin: 1,
  questionsMax: 10,
  promptMax: 300,
  optionsMin: 2,
  optionsMax: 6,
  optionMax: 100,
  prepMinSeconds: 10,
  prepMaxSeconds: 600,
  videoMinSeconds: 30,
  videoMaxSeconds: 300,
  textMaxChars: 2000,
  retakesMax: 5,
  /** A take may run this much past its limit (the recorder stops on the client's clock). */
  graceSeconds: 5,
  /** Takes started before the deadline may still be finished and chosen this long after it. */
  deadlineGraceMinutes: 30,
  /** "No limits" still caps one recording, so storage stays bounded. */
  unlimitedVideoMaxSeconds: 30 * 60,
  inviteDaysMin: 1,
  inviteDaysMax: 60,
  deadlineMaxDays: 90,
  /** Reminders go this long before the deadline (issue 25 item 2). */
  reminderBeforeHours: 48,
  commentMax: 1000,
  contactMax: 1000,
  reviewerNameMax: 60,
  shareDaysMin: 1,
  shareDaysMax: 30,
  /** How long a review page's media URLs (video, poster, CV, files) are signed for; the page renews them. */
  reviewMediaSeconds: 5 * 60,
  fileMaxBytes: 10 * 1024 * 1024,
  /**
   * A take's upload may still receive bytes this long after the take's stop time (its limit after the
   * accommodation): the recorder uploads while it records, so only what a short loss of connection held back is
   * left to send. Later the upload is refused (410) and the take can only be finished with what arrived.
   */
  takeUploadGraceSeconds: 120,
  /**
   * The most a take may average, in bits per second (video and sound): about four times what browsers record
   * at by default (Chrome ~2.5 Mbit/s at 720p), so no real recording comes near it while an upload stays bounded
   * by what the answer is for. Plus a fixed allowance for the container's headers and index.
   */
  takeMaxBitsPerSecond: 10_000_000,
  takeContainerBytes: 2 * 1024 * 1024,
} as const;

/**
 * The largest upload a take may send (issue 33 item 9): its time limit plus the grace, at the generous bitrate
 * cap above, plus the container allowance; never more than the 500 MB every video upload is held to.
 */
export function takeMaxBytes(limitSeconds: number): number {
  const L = INTERVIEW_LIMITS;
  const bytes =
    Math.ceil(((limitSeconds + L.graceSeconds) * L.takeMaxBitsPerSecond) / 8) + L.takeContainerBytes;
  return Math.min(bytes, APPLY_LIMITS.videoMaxBytes);
}

/**
 * The practice question (issue 25 item 1: "an optional practice question is never saved"): the same preparation
 * and recording as a real video question, played back in the browser and dropped; nothing reaches the server.
 */
export const PRACTICE_QUESTION = {
  prompt: 'Practice: tell us in a few words what you enjoy most about your work.',
  prepSeconds: 10,
  limitSeconds: 30,
} as const;

export const ANSWER_TYPES = ['video', 'text', 'choice', 'file'] as const;
/**
 * How a question is answered. Issue 36 item 3: the types live here only (packages/db reads them from here);
 * every place that branches on one does it exhaustively (a `switch` ending in `assertNever`, or a
 * `Record<TAnswerType, …>`), so adding a type fails the type check at each place that must handle it. How to add
 * one: docs/decisions/040-answer-types.md.
 */
export type TAnswerType = (typeof ANSWER_TYPES)[number];

/**
 * The settings each answer type owns (issue 36 item 3); the fields it does not own keep their empty value (no
 * options, no limit, no character limit, no retakes), so every question has the same JSON shape on the wire and
 * in the database. A new answer type must say here what it owns.
 */
type TSettingsOwnedBy = {
  video: { options: never[]; limitSeconds: number | null; maxChars: null; retakes: number | null };
  text: { options: never[]; limitSeconds: null; maxChars: number | null; retakes: 0 };
  choice: { options: string[]; limitSeconds: null; maxChars: null; retakes: 0 };
  file: { options: never[]; limitSeconds: null; maxChars: null; retakes: 0 };
};

/** A question's settings of one answer type, as stored (a set's question, a session's snapshot, the library). */
export type TQuestionSettingsOf<T extends TAnswerType> = {
  answerType: T;
  promptVideoId: string | null;
  prepSeconds: number | null;
  required: boolean;
} & TSettingsOwnedBy[T];

/** A question's settings as stored: a union discriminated by `answerType`. */
export type TStoredQuestionSettings = { [T in TAnswerType]: TQuestionSettingsOf<T> }[TAnswerType];

/**
 * One question as the database stores it (a job's set and each session's snapshot; packages/db reads this type);
 * `id` stays across edits of the set.
 */
export type TStoredInterviewQuestion = TStoredQuestionSettings & { id: string; prompt: string };

export const ACCOMMODATIONS = ['none', '1.5x', '2x', 'unlimited'] as const;
export type TAccommodation = (typeof ACCOMMODATIONS)[number];
/** How an accommodation stretches preparation and answer time; null: no limits. */
export const ACCOMMODATION_FACTOR: Record<TAccommodation, number | null> = {
  none: 1,
  '1.5x': 1.5,
  '2x': 2,
  unlimited: null,
};
export const ACCOMMODATION_LABEL: Record<TAccommodation, string> = {
  none: 'Standard time',
  '1.5x': '×1.5',
  '2x': '×2',
  unlimited: 'no limits',
};

export const INTERVIEW_STATES = ['invited', 'started', 'completed', 'expired'] as const;
export type TInterviewState = (typeof INTERVIEW_STATES)[number];

/** How the team reads a state, on the applicant page and in the applicants list. */
export const INTERVIEW_STATE_LABELS: Record<TInterviewState, string> = {
  invited: 'Invited',
  started: 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/**
 * A session's state follows from its times: completed, expired (past the deadline, not completed), started,
 * or invited. (The applicants list filters by the same rule in SQL: applications/list.ts.)
 */
export function interviewStateOf(
  row: { completedAt: Date | null; deadline: Date | null; startedAt: Date | null },
  now: Date,
): TInterviewState {
  if (row.completedAt) return 'completed';
  if (row.deadline && row.deadline.getTime() <= now.getTime()) return 'expired';
  return row.startedAt ? 'started' : 'invited';
}

export const FILE_CONTENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export const TAKE_CONTENT_TYPES = ['video/mp4', 'video/webm'] as const;

const fmt = (n: number) => n.toLocaleString('en-GB');

export const interviewMessages = {
  questionCount: `An interview has ${INTERVIEW_LIMITS.questionsMin} to ${INTERVIEW_LIMITS.questionsMax} questions`,
  prompt: `Write the question (up to ${INTERVIEW_LIMITS.promptMax} characters)`,
  options: `A multiple-choice question has ${INTERVIEW_LIMITS.optionsMin} to ${INTERVIEW_LIMITS.optionsMax} options`,
  option: `Write each option (up to ${INTERVIEW_LIMITS.optionMax} characters)`,
  answerType: 'Choose how the question is answered: video, text, multiple choice or file',
  optionsOnlyForChoice: 'Only multiple-choice questions have options',
  prep: 'Preparation time is none or 10 seconds to 10 minutes',
  videoLimit: 'A video answer lasts 30 seconds to 5 minutes',
  limitOnlyForVideo: 'Only video answers have a time limit',
  textLimit: `A text answer is up to ${fmt(INTERVIEW_LIMITS.textMaxChars)} characters`,
  maxCharsOnlyForText: 'Only text answers have a character limit',
  retakes: 'Retakes are 0 to 5, or unlimited',
  retakesOnlyForVideo: 'Only video answers have retakes',
  promptVideo: 'Choose a video from your library',
  noWayIn: 'Choose at least one way in: the apply flow or an invitation',
  duplicateId: 'Each question appears once',
  noInterview: 'This job has no interview',
  videoInInterview: 'This job asks for its video answers in an interview, after you apply',
  noInvitationStage: 'This job’s interview is not set up for invitations',
  alreadyInvited: 'This candidate already has an interview',
  notInvited: 'This candidate has no interview',
  invitationNotSent: 'The invitation could not be sent. Please try again.',
  deadlineRange: `Choose a deadline in the future, at most ${INTERVIEW_LIMITS.deadlineMaxDays} days away`,
  daysRange: `Choose ${INTERVIEW_LIMITS.inviteDaysMin} to ${INTERVIEW_LIMITS.inviteDaysMax} days`,
  deadlineOrDays: 'Choose a deadline date or a number of days',
  notAnswered: 'This question has not been answered yet',
  // Candidate side
  linkInvalid: 'This interview link is not valid',
  /** The first screen of a link that no longer takes answers (issue 33 item 2), with whom to ask. */
  linkExpired: (date: string) => `This interview closed on ${date}, its deadline.`,
  linkJobClosed: (job: string, company: string) =>
    `${company} has closed the job ${job}, so this interview is closed.`,
  linkWithdrawn: (date: string) => `You withdrew your application on ${date}, so this interview is closed.`,
  whomToAsk: (contact: { name: string; email: string } | null, company: string) =>
    contact
      ? `To ask about it, write to ${contact.name} at ${company} (${contact.email}).`
      : `To ask about it, write to the hiring team at ${company}.`,
  closed: (date: string) => `This interview closed on ${date}. Ask the team for more time.`,
  completed: 'You have already completed this interview',
  answered: 'You have already answered this question',
  notVideo: 'This question is not answered with a video',
  wrongAnswerType: 'This answer does not fit the question',
  noTakesLeft: 'You have used all your takes for this question',
  takeUnknown: 'This take was not found',
  takeNotSaved: 'This take has not been saved yet',
  takeSaved: 'This take is already saved',
  takeTooLong: 'This take is longer than the time allowed',
  takeNotVideo: 'The recording is not a video we can play (MP4 or WebM)',
  uploadMissing: 'The recording did not arrive. Please try again.',
  takeUploadOpened: 'This take already has its upload',
  takeUploadClosed: 'This take stopped too long ago to receive more of its recording',
  notFile: 'This question is not answered with a file',
  textRequired: 'Write your answer',
  textTooLong: (max: number) => `Your answer is longer than ${fmt(max)} characters`,
  choiceInvalid: 'Choose one of the options',
  fileWrongType: 'Upload a PDF, a Word document (DOCX) or an image (JPEG, PNG, WebP)',
  fileTooLarge: 'The file is larger than 10 MB',
  fileMissing: 'The file did not arrive. Please upload it again.',
  notOptional: 'This question must be answered',
  requiredMissing: 'Answer every required question first',
  contactRequired: 'Write your message',
  contactSent: 'Your message has been sent',
  // Review
  stars: 'Rate from 1 to 5 stars',
  comment: `A comment is up to ${fmt(INTERVIEW_LIMITS.commentMax)} characters`,
  reviewerName: 'Write your name',
  shareExpired: 'This review link has expired',
  shareRevoked: 'This review link was withdrawn by the team that shared it',
  shareUnknown: 'This review link is not valid',
  shareFilesNote:
    'Files (the CV and file answers) are offered under neutral names, but their contents are shown as the candidate made them: a CV or a document may still carry their name.',
  shareDays: `A review link lasts ${INTERVIEW_LIMITS.shareDaysMin} to ${INTERVIEW_LIMITS.shareDaysMax} days`,
  shareExpiry: `Choose when the link expires: in the future, at most ${INTERVIEW_LIMITS.shareDaysMax} days away`,
  shareDaysOrExpiry: 'Choose a number of days or an expiry date and time',
} as const;

/** The extension of a file name ("pdf"), or null. */
const extensionOf = (name: string | null | undefined) => {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name ?? '');
  return m ? m[1]!.toLowerCase() : null;
};

/**
 * Issue 33: the name a file is offered under when the candidate's name is hidden (a file name often is the
 * candidate's name): "CV.pdf", "Answer to question 3.pdf".
 */
export function neutralFileName(
  file: { kind: 'cv' } | { kind: 'answer'; position: number },
  original: string | null | undefined,
): string {
  const ext = extensionOf(original);
  const base = file.kind === 'cv' ? 'CV' : `Answer to question ${file.position}`;
  return ext ? `${base}.${ext}` : base;
}

/** The time a question allows after an accommodation: null when there is no limit. */
export function stretchSeconds(seconds: number | null, accommodation: TAccommodation): number | null {
  const factor = ACCOMMODATION_FACTOR[accommodation];
  if (seconds === null || factor === null) return null;
  return Math.round(seconds * factor);
}

// ---------------------------------------------------------------------------------------------------------
// Question set

const zNullableInt = z.number().int().nullable();

const zSettingsFields = {
  promptVideoId: z.uuid({ error: interviewMessages.promptVideo }).nullable().default(null),
  options: z
    .array(
      z
        .string({ error: interviewMessages.option })
        .trim()
        .min(1, interviewMessages.option)
        .max(INTERVIEW_LIMITS.optionMax, interviewMessages.option),
    )
    .max(INTERVIEW_LIMITS.optionsMax, interviewMessages.options)
    .default([]),
  prepSeconds: zNullableInt.default(null),
  limitSeconds: zNullableInt.default(null),
  maxChars: zNullableInt.default(null),
  retakes: zNullableInt.default(0),
  required: z.boolean().default(true),
};
const settingsOf = <T extends TAnswerType>(answerType: T) =>
  z.object({ answerType: z.literal(answerType), ...zSettingsFields });

/**
 * One variant per answer type (a missing one fails the type check here). Each accepts every field, so a field
 * that does not belong to the type gets its own message from `questionSettingsIssues` ("Only video answers have
 * a time limit") rather than being dropped; `storedSettings` then keeps only what the type owns.
 */
const SETTINGS_VARIANTS = {
  video: settingsOf('video'),
  text: settingsOf('text'),
  choice: settingsOf('choice'),
  file: settingsOf('file'),
} satisfies { [T in TAnswerType]: ReturnType<typeof settingsOf<T>> };

const answerTypeError = { error: interviewMessages.answerType };

/** A question's settings as sent (the set's PUT, the library): a union discriminated by `answerType`. */
export const ZInterviewQuestionSettings = z.discriminatedUnion(
  'answerType',
  [SETTINGS_VARIANTS.video, SETTINGS_VARIANTS.text, SETTINGS_VARIANTS.choice, SETTINGS_VARIANTS.file],
  answerTypeError,
);
export type TInterviewQuestionSettings = z.output<typeof ZInterviewQuestionSettings>;
type TSettingsField = Exclude<keyof TInterviewQuestionSettings, 'answerType'>;

/** Which of the type-bound fields each answer type owns (the others must stay empty). */
const OWNS: Record<TAnswerType, Record<'options' | 'limitSeconds' | 'maxChars' | 'retakes', boolean>> = {
  video: { options: false, limitSeconds: true, maxChars: false, retakes: true },
  text: { options: false, limitSeconds: false, maxChars: true, retakes: false },
  choice: { options: true, limitSeconds: false, maxChars: false, retakes: false },
  file: { options: false, limitSeconds: false, maxChars: false, retakes: false },
};

/**
 * The rules that tie a question's fields to its answer type (issue 25 item 1), one message per field. Written
 * as a function over plain values so the server (PUT, the library) and the editor check alike.
 */
export function questionSettingsIssues(
  q: TInterviewQuestionSettings,
): Partial<Record<TSettingsField, string>> {
  const L = INTERVIEW_LIMITS;
  const owns = OWNS[q.answerType];
  const issues: Partial<Record<TSettingsField, string>> = {};
  if (owns.options) {
    if (q.options.length < L.optionsMin || q.options.length > L.optionsMax)
      issues.options = interviewMessages.options;
  } else if (q.options.length > 0) issues.options = interviewMessages.optionsOnlyForChoice;
  if (q.prepSeconds !== null && (q.prepSeconds < L.prepMinSeconds || q.prepSeconds > L.prepMaxSeconds))
    issues.prepSeconds = interviewMessages.prep;
  if (owns.limitSeconds) {
    if (q.limitSeconds === null || q.limitSeconds < L.videoMinSeconds || q.limitSeconds > L.videoMaxSeconds)
      issues.limitSeconds = interviewMessages.videoLimit;
  } else if (q.limitSeconds !== null) issues.limitSeconds = interviewMessages.limitOnlyForVideo;
  if (owns.retakes) {
    if (q.retakes !== null && (q.retakes < 0 || q.retakes > L.retakesMax))
      issues.retakes = interviewMessages.retakes;
  } else if (q.retakes !== 0 && q.retakes !== null) issues.retakes = interviewMessages.retakesOnlyForVideo;
  if (owns.maxChars) {
    if (q.maxChars !== null && (q.maxChars < 1 || q.maxChars > L.textMaxChars))
      issues.maxChars = interviewMessages.textLimit;
  } else if (q.maxChars !== null) issues.maxChars = interviewMessages.maxCharsOnlyForText;
  return issues;
}

/** The stored form of a question's settings: what its answer type owns, the other fields empty. */
export function storedSettings(s: TInterviewQuestionSettings): TStoredQuestionSettings {
  const common = { promptVideoId: s.promptVideoId, prepSeconds: s.prepSeconds, required: s.required };
  switch (s.answerType) {
    case 'video':
      return {
        ...common,
        answerType: s.answerType,
        options: [],
        limitSeconds: s.limitSeconds,
        maxChars: null,
        retakes: s.retakes,
      };
    case 'text':
      return {
        ...common,
        answerType: s.answerType,
        options: [],
        limitSeconds: null,
        maxChars: s.maxChars,
        retakes: 0,
      };
    case 'choice':
      return {
        ...common,
        answerType: s.answerType,
        options: s.options,
        limitSeconds: null,
        maxChars: null,
        retakes: 0,
      };
    case 'file':
      return {
        ...common,
        answerType: s.answerType,
        options: [],
        limitSeconds: null,
        maxChars: null,
        retakes: 0,
      };
    default:
      return assertNever(s, 'answer type');
  }
}

const zPrompt = z
  .string({ error: interviewMessages.prompt })
  .trim()
  .min(1, interviewMessages.prompt)
  .max(INTERVIEW_LIMITS.promptMax, interviewMessages.prompt);

/** Checks a settings object (superRefine), reporting each issue on its own field. */
export function refineSettings(value: TInterviewQuestionSettings, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(questionSettingsIssues(value)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

const zQuestionInputFields = { _id: z.uuid().optional(), prompt: zPrompt };
export const ZInterviewQuestionInput = z
  .discriminatedUnion(
    'answerType',
    [
      SETTINGS_VARIANTS.video.extend(zQuestionInputFields),
      SETTINGS_VARIANTS.text.extend(zQuestionInputFields),
      SETTINGS_VARIANTS.choice.extend(zQuestionInputFields),
      SETTINGS_VARIANTS.file.extend(zQuestionInputFields),
    ],
    answerTypeError,
  )
  .superRefine(refineSettings);
export type TInterviewQuestionInput = z.input<typeof ZInterviewQuestionInput>;

export const ZPutInterviewRequest = z
  .object({
    inApply: z.boolean(),
    asStage: z.boolean(),
    practiceQuestion: z.boolean().default(false),
    questions: z
      .array(ZInterviewQuestionInput, { error: interviewMessages.questionCount })
      .min(INTERVIEW_LIMITS.questionsMin, interviewMessages.questionCount)
      .max(INTERVIEW_LIMITS.questionsMax, interviewMessages.questionCount),
  })
  .superRefine((value, ctx) => {
    if (!value.inApply && !value.asStage)
      ctx.addIssue({ code: 'custom', path: ['inApply'], message: interviewMessages.noWayIn });
    const ids = value.questions.map((q) => q._id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: interviewMessages.duplicateId });
  });
export type TPutInterviewRequest = z.input<typeof ZPutInterviewRequest>;

export const ZPromptVideo = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  poster: z.string().nullable(),
});

export const ZInterviewQuestion = z.object({
  _id: z.string(),
  position: z.number().int(),
  prompt: z.string(),
  promptVideoId: z.string().nullable(),
  promptVideo: ZPromptVideo.nullable(),
  answerType: z.enum(ANSWER_TYPES),
  options: z.array(z.string()),
  prepSeconds: zNullableInt,
  limitSeconds: zNullableInt,
  maxChars: zNullableInt,
  retakes: zNullableInt,
  required: z.boolean(),
});
export type TInterviewQuestion = z.infer<typeof ZInterviewQuestion>;

export const ZInterview = z.object({
  _id: z.string(),
  jobId: z.string(),
  inApply: z.boolean(),
  asStage: z.boolean(),
  practiceQuestion: z.boolean(),
  questions: z.array(ZInterviewQuestion),
  updatedAt: z.string(),
});
export type TInterview = z.infer<typeof ZInterview>;

// ---------------------------------------------------------------------------------------------------------
// Invitation stage

const zDays = z
  .number({ error: interviewMessages.daysRange })
  .int(interviewMessages.daysRange)
  .min(INTERVIEW_LIMITS.inviteDaysMin, interviewMessages.daysRange)
  .max(INTERVIEW_LIMITS.inviteDaysMax, interviewMessages.daysRange);
const zDeadline = z.iso.datetime({ offset: true, error: interviewMessages.deadlineRange });

export const ZInviteRequest = z
  .object({
    deadline: zDeadline.optional(),
    days: zDays.optional(),
    subject: z.string().trim().max(200).optional(),
    text: z.string().trim().min(1, 'Please write the email').max(5000).optional(),
  })
  .refine((v) => (v.deadline === undefined) !== (v.days === undefined), {
    message: interviewMessages.deadlineOrDays,
    path: ['deadline'],
  });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

export const ZUpdateSessionRequest = z
  .object({
    deadline: zDeadline.optional(),
    days: zDays.optional(),
    accommodation: z.enum(ACCOMMODATIONS).optional(),
  })
  .refine((v) => !(v.deadline !== undefined && v.days !== undefined), {
    message: interviewMessages.deadlineOrDays,
    path: ['deadline'],
  });
export type TUpdateSessionRequest = z.input<typeof ZUpdateSessionRequest>;

export const ZRating = z.object({
  _id: z.string(),
  raterName: z.string(),
  isMine: z.boolean(),
  isGuest: z.boolean(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type TRating = z.infer<typeof ZRating>;

/** What an answer of each type stores (issue 36 item 3): the columns of its interview_answers row it fills. */
type TAnswerValueOf = {
  video: { takeId: string };
  text: { text: string };
  choice: { choiceIndex: number };
  file: { fileKey: string; fileName: string | null; fileType: string | null };
};
/** A stored answer's value: a union discriminated by the question's `answerType`. */
export type TStoredAnswerValue = { [T in TAnswerType]: { answerType: T } & TAnswerValueOf[T] }[TAnswerType];
type TAnswerColumns = {
  takeId: string | null;
  text: string | null;
  choiceIndex: number | null;
  fileKey: string | null;
  fileName: string | null;
  fileType: string | null;
};

/** The value an answer row holds for its question's type; null when it holds none (skipped, still open). */
export function storedAnswerValue(answerType: TAnswerType, row: TAnswerColumns): TStoredAnswerValue | null {
  switch (answerType) {
    case 'video':
      return row.takeId ? { answerType, takeId: row.takeId } : null;
    case 'text':
      return row.text !== null ? { answerType, text: row.text } : null;
    case 'choice':
      return row.choiceIndex !== null ? { answerType, choiceIndex: row.choiceIndex } : null;
    case 'file':
      return row.fileKey
        ? { answerType, fileKey: row.fileKey, fileName: row.fileName, fileType: row.fileType }
        : null;
    default:
      return assertNever(answerType, 'answer type');
  }
}

/** The columns a stored answer value fills (the others untouched). */
export function answerColumns(value: TStoredAnswerValue): Partial<TAnswerColumns> {
  const { answerType: _type, ...columns } = value;
  return columns;
}

export const ZInterviewAnswer = z.object({
  _id: z.string(),
  questionId: z.string(),
  status: z.enum(['answered', 'skipped']),
  submittedAt: z.string(),
  text: z.string().optional(),
  choice: z.object({ index: z.number().int(), label: z.string() }).optional(),
  file: z.object({ name: z.string(), url: z.string(), contentType: z.string() }).optional(),
  video: z
    .object({
      assetId: z.string(),
      status: z.string(),
      url: z.string().nullable(),
      poster: z.string().nullable(),
      duration: z.number().nullable(),
    })
    .optional(),
  takesUsed: z.number().int(),
  /**
   * Seconds from opening the question to the first recording (video) or to the submission (others): the
   * preparation the candidate actually took, shown to reviewers beside the time the question allowed.
   */
  prepUsedSeconds: z.number().int().nullable(),
  ratings: z.array(ZRating),
  average: z.number().nullable(),
});
export type TInterviewAnswer = z.infer<typeof ZInterviewAnswer>;

export const ZSessionQuestion = ZInterviewQuestion.extend({
  answer: ZInterviewAnswer.nullable(),
  reopenedAt: z.string().nullable(),
});

export const ZInterviewSession = z.object({
  _id: z.string(),
  applicationId: z.string(),
  jobId: z.string(),
  via: z.enum(['apply', 'invitation']),
  state: z.enum(INTERVIEW_STATES),
  invitedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  accommodation: z.enum(ACCOMMODATIONS),
  /** The candidate's private link: for those who manage candidates only (null for viewers). */
  link: z.string().nullable(),
  questions: z.array(ZSessionQuestion),
  score: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
});
export type TInterviewSession = z.infer<typeof ZInterviewSession>;

/** What the applicants list shows of an applicant's interview. */
export const ZApplicantInterview = z.object({
  state: z.enum(INTERVIEW_STATES),
  score: z.number().nullable(),
  answered: z.number().int(),
  total: z.number().int(),
});
export type TApplicantInterview = z.infer<typeof ZApplicantInterview>;
export const INTERVIEW_FILTERS = ['none', 'invited', 'started', 'completed', 'expired'] as const;

// ---------------------------------------------------------------------------------------------------------
// Review

export const ZRateRequest = z.object({
  stars: z
    .number({ error: interviewMessages.stars })
    .int(interviewMessages.stars)
    .min(1, interviewMessages.stars)
    .max(5, interviewMessages.stars),
  comment: z
    .string()
    .trim()
    .max(INTERVIEW_LIMITS.commentMax, interviewMessages.comment)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export const ZGuestRateRequest = ZRateRequest.extend({
  reviewerName: z
    .string({ error: interviewMessages.reviewerName })
    .trim()
    .min(1, interviewMessages.reviewerName)
    .max(INTERVIEW_LIMITS.reviewerNameMax, interviewMessages.reviewerName),
});

export const ZCompareEntry = z.object({
  applicationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  answer: ZInterviewAnswer,
});

/**
 * A review link lasts a number of days, or until a date and time (the share dialog's "Works until"): at most
 * 30 days away and in the future (checked on the server's clock, so the rule lives in the service).
 */
export const ZCreateShareRequest = z
  .object({
    days: z
      .number({ error: interviewMessages.shareDays })
      .int(interviewMessages.shareDays)
      .min(INTERVIEW_LIMITS.shareDaysMin, interviewMessages.shareDays)
      .max(INTERVIEW_LIMITS.shareDaysMax, interviewMessages.shareDays)
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, error: interviewMessages.shareExpiry }).optional(),
    hideName: z.boolean().default(false),
    hideEmail: z.boolean().default(false),
    hideCv: z.boolean().default(false),
  })
  .refine((v) => (v.days === undefined) !== (v.expiresAt === undefined), {
    message: interviewMessages.shareDaysOrExpiry,
    path: ['expiresAt'],
  });
export type TCreateShareRequest = z.input<typeof ZCreateShareRequest>;
export const ZInterviewShare = z.object({
  _id: z.string(),
  /** The review link: for those who manage candidates only (null for viewers, who see who shared and when). */
  url: z.string().nullable(),
  createdByName: z.string().nullable(),
  expiresAt: z.string(),
  hideName: z.boolean(),
  hideEmail: z.boolean(),
  hideCv: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TInterviewShare = z.infer<typeof ZInterviewShare>;

export const ZGuestReview = z.object({
  job: z.object({ title: z.string(), companyName: z.string() }),
  candidate: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    cvUrl: z.string().nullable(),
    /** The CV's file name as offered: "CV.pdf" when the name is hidden. */
    cvName: z.string().nullable(),
  }),
  expiresAt: z.string(),
  /** Seconds the media URLs of this answer stay valid: the page fetches the review again before then. */
  mediaSeconds: z.number().int(),
  questions: z.array(ZSessionQuestion),
  /** Issue 34 item 4: the done transcripts of the video answers, by the answer's video asset id. */
  transcripts: z.array(
    z.object({
      assetId: z.string(),
      language: z.string().nullable(),
      segments: z.array(ZTranscriptSegment.omit({ words: true })),
    }),
  ),
});
export type TGuestReview = z.infer<typeof ZGuestReview>;

// ---------------------------------------------------------------------------------------------------------
// Candidate

export const QUESTION_STATUSES = ['new', 'preparing', 'recording', 'answered', 'skipped'] as const;

export const ZCandidateTake = z.object({
  _id: z.string(),
  n: z.number().int(),
  status: z.enum(['recording', 'saved', 'failed']),
  startedAt: z.string(),
  stopBy: z.string().nullable(),
  url: z.string().nullable(),
  duration: z.number().nullable(),
});
export type TCandidateTake = z.infer<typeof ZCandidateTake>;

export const ZCandidateQuestion = z.object({
  _id: z.string(),
  position: z.number().int(),
  /**
   * Null (with no prompt video and no options) until the question is opened: reading the questions ahead through
   * the API would otherwise buy unlimited preparation time.
   */
  prompt: z.string().nullable(),
  /** The prompt video; its length (seconds) is added to the preparation time (prepEndsAt includes it). */
  promptVideo: z
    .object({
      url: z.string().nullable(),
      poster: z.string().nullable(),
      duration: z.number().nullable(),
      /** Issue 34 item 2: its captions as a WebVTT file's text (the page plays it as a track); null: none. */
      captions: z.object({ language: z.string().nullable(), vtt: z.string() }).nullable().optional(),
    })
    .nullable(),
  answerType: z.enum(ANSWER_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
  prepSeconds: zNullableInt,
  limitSeconds: zNullableInt,
  maxChars: zNullableInt,
  retakes: zNullableInt,
  takesUsed: z.number().int(),
  takesLeft: zNullableInt,
  status: z.enum(QUESTION_STATUSES),
  prepStartedAt: z.string().nullable(),
  prepEndsAt: z.string().nullable(),
  takes: z.array(ZCandidateTake),
  answer: z
    .object({
      takeId: z.string().optional(),
      text: z.string().optional(),
      choice: z.number().int().optional(),
      file: z.object({ name: z.string() }).optional(),
    })
    .nullable(),
});
export type TCandidateQuestion = z.infer<typeof ZCandidateQuestion>;

export const ZCandidateInterview = z.object({
  job: z.object({ title: z.string(), companyName: z.string(), companyLogo: z.string().nullable() }),
  firstName: z.string(),
  state: z.enum(INTERVIEW_STATES),
  deadline: z.string().nullable(),
  accommodation: z.enum(ACCOMMODATIONS),
  practiceQuestion: z.boolean(),
  serverNow: z.string(),
  currentQuestionId: z.string().nullable(),
  questions: z.array(ZCandidateQuestion),
});
export type TCandidateInterview = z.infer<typeof ZCandidateInterview>;

/**
 * Why a candidate's link no longer takes answers (issue 33 item 2): the deadline passed (expired), the job was
 * closed, or the candidate withdrew. A completed interview is not closed: it thanks them.
 */
export const INTERVIEW_CLOSURES = ['expired', 'closed', 'withdrawn'] as const;
export type TInterviewClosure = (typeof INTERVIEW_CLOSURES)[number];

/** What the first screen of a closed link shows (the SSR page answers it with HTTP 410). */
export const ZInterviewClosed = z.object({
  reason: z.enum(INTERVIEW_CLOSURES),
  /** When it closed (the deadline, the withdrawal); null when not known (a closed job). */
  date: z.string().nullable(),
  /** What happened and whom to ask, in one text (also the API's 410 message). */
  message: z.string(),
  job: z.object({ title: z.string(), companyName: z.string(), companyLogo: z.string().nullable() }),
  contact: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type TInterviewClosed = z.infer<typeof ZInterviewClosed>;

export const ZCreateTakeResponse = z.object({
  take: ZCandidateTake,
  upload: z.object({ endpoint: z.string(), metadata: z.object({ take: z.string() }) }),
});
export const ZFinishTakeRequest = z.object({ uploadId: z.string().min(1).max(200) });

export const ZAnswerRequest = z.union([
  z.object({ takeId: z.uuid({ error: interviewMessages.takeUnknown }) }).strict(),
  z.object({ text: z.string({ error: interviewMessages.textRequired }) }).strict(),
  z.object({ choice: z.number({ error: interviewMessages.choiceInvalid }).int() }).strict(),
  z
    .object({
      file: z.object({ key: z.string().min(1).max(300), fileName: z.string().trim().min(1).max(200) }),
    })
    .strict(),
]);
export type TAnswerRequest = z.input<typeof ZAnswerRequest>;

export const ZInterviewSignedUrlQuery = z.object({
  'content-type': z.enum(FILE_CONTENT_TYPES),
  /** The file question the upload answers: URLs are issued for file questions only. */
  question: z.string({ error: interviewMessages.notFile }).min(1, interviewMessages.notFile).max(64),
});
export const ZContactTeamRequest = z.object({
  message: z
    .string({ error: interviewMessages.contactRequired })
    .trim()
    .min(1, interviewMessages.contactRequired)
    .max(INTERVIEW_LIMITS.contactMax, `Your message is up to ${INTERVIEW_LIMITS.contactMax} characters`),
});

/** The public job's summary of an apply-flow interview (GET /public/job/{shortId}). */
export const ZPublicInterviewSummary = z.object({
  questionCount: z.number().int(),
  totalSeconds: z.number().int(),
});
