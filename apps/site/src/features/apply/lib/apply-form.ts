import { applyMessages, ZApplyRequest, type TApplyRequest } from '@hirecast/domain/application';
import { planAllows } from '@hirecast/domain/plan';
import type { TPublicJob } from '@hirecast/domain/public-job';

// The apply flow's form (issue 5 item 3): what the candidate types, kept as strings so inputs stay controlled
// and the draft can live in sessionStorage; validated with the domain's ZApplyRequest.

export type TExperienceDraft = {
  id: string;
  title: string;
  employer: string;
  location: string;
  startDate: string;
  endDate: string;
  present: boolean;
  info: string;
};

export type TEducationDraft = {
  id: string;
  field: string;
  school: string;
  degree: string;
  startDate: string;
  endDate: string;
  present: boolean;
  info: string;
};

export type TApplyDraft = {
  step: number;
  firstName: string;
  lastName: string;
  email: string;
  position: string;
  location: string;
  socialNetworkLink: string;
  experience: TExperienceDraft[];
  education: TEducationDraft[];
  customQuestion: string;
  consent: boolean;
};

export const APPLY_STEP_LABELS = {
  details: 'Your details',
  history: 'Experience & education',
  video: 'Video introduction',
  review: 'Review',
} as const;
export type TApplyStep = keyof typeof APPLY_STEP_LABELS;
/** Every step a flow can have, in order; `draft.step` is an index into the job's own steps (applySteps). */
export const ALL_APPLY_STEPS = Object.keys(APPLY_STEP_LABELS) as TApplyStep[];

/**
 * The steps of a job's flow. spec 1 §6: without the plan's Video Applications feature (plan.ts
 * PLAN_FEATURE_TABLE) there is no video step; its custom question goes with it (the server sends none then).
 */
export function applySteps(job: Pick<TPublicJob, 'planFeatures' | 'interview'>): TApplyStep[] {
  // Issue 25 item 2(a): a job with an interview in its apply flow asks its questions instead of the video
  // introduction (on the interview's own page, right after the application is sent).
  const takesVideo = planAllows(job.planFeatures, 'introVideo') && !job.interview;
  return ALL_APPLY_STEPS.filter((step) => step !== 'video' || takesVideo);
}

export const emptyDraft = (): TApplyDraft => ({
  step: 0,
  firstName: '',
  lastName: '',
  email: '',
  position: '',
  location: '',
  socialNetworkLink: '',
  experience: [],
  education: [],
  customQuestion: '',
  consent: false,
});

let nextId = 0;
const newId = () => `item-${Date.now().toString(36)}-${(nextId += 1)}`;

export const emptyExperience = (): TExperienceDraft => ({
  id: newId(),
  title: '',
  employer: '',
  location: '',
  startDate: '',
  endDate: '',
  present: false,
  info: '',
});

export const emptyEducation = (): TEducationDraft => ({
  id: newId(),
  field: '',
  school: '',
  degree: '',
  startDate: '',
  endDate: '',
  present: false,
  info: '',
});

/** A stored draft from an earlier page load, with anything missing or malformed reset. */
export function restoreDraft(stored: unknown): TApplyDraft {
  const base = emptyDraft();
  if (typeof stored !== 'object' || stored === null) return base;
  const value = stored as Partial<Record<keyof TApplyDraft, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const step = typeof value.step === 'number' && value.step >= 0 && value.step < ALL_APPLY_STEPS.length;
  return {
    step: step ? (value.step as number) : 0,
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    email: text(value.email),
    position: text(value.position),
    location: text(value.location),
    socialNetworkLink: text(value.socialNetworkLink),
    experience: Array.isArray(value.experience)
      ? value.experience.map((e: Partial<TExperienceDraft>) => ({ ...emptyExperience(), ...e }))
      : [],
    education: Array.isArray(value.education)
      ? value.education.map((e: Partial<TEducationDraft>) => ({ ...emptyEducation(), ...e }))
      : [],
    customQuestion: text(value.customQuestion),
    // Consent is given afresh: a reload does not tick the box for the candidate.
    consent: false,
  };
}

const orUndefined = (v: string) => (v.trim() === '' ? undefined : v);

/** The POST /api/public/job/{shortId}/apply body for a draft and its finished uploads. */
export function buildApplyRequest(
  draft: TApplyDraft,
  extra: { cv: TApplyRequest['cv']; video: TApplyRequest['video']; sessionId?: string },
): TApplyRequest {
  return {
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    position: orUndefined(draft.position),
    location: orUndefined(draft.location),
    socialNetworkLink: orUndefined(draft.socialNetworkLink),
    experience: draft.experience.map((e) => ({
      title: e.title,
      employer: e.employer,
      location: orUndefined(e.location),
      startDate: e.startDate,
      endDate: e.present ? 'present' : e.endDate,
      info: orUndefined(e.info),
    })),
    education: draft.education.map((e) => ({
      field: e.field,
      school: e.school,
      degree: orUndefined(e.degree),
      startDate: e.startDate,
      endDate: e.present ? 'present' : e.endDate,
      info: orUndefined(e.info),
    })),
    customQuestion: orUndefined(draft.customQuestion),
    consent: draft.consent as true,
    cv: extra.cv,
    video: extra.video,
    sessionId: extra.sessionId,
  };
}

export type TFieldErrors = Record<string, string>;

const DETAILS_FIELDS = new Set([
  'firstName',
  'lastName',
  'email',
  'position',
  'location',
  'socialNetworkLink',
  'cv',
]);

/**
 * The index, among `steps`, of the step where a field named by its dotted path ('experience.0.title') is
 * entered; a field of a step the flow does not have belongs to the last step (its message shows there).
 */
export function stepOfField(key: string, steps: readonly TApplyStep[] = ALL_APPLY_STEPS): number {
  const head = key.split('.')[0] ?? '';
  const step: TApplyStep = DETAILS_FIELDS.has(head)
    ? 'details'
    : head === 'experience' || head === 'education'
      ? 'history'
      : head === 'video' || head === 'customQuestion'
        ? 'video'
        : 'review';
  const index = steps.indexOf(step);
  return index === -1 ? steps.length - 1 : index;
}

export type TApplyRules = { videoRequired: boolean; questionRequired: boolean; hasVideo: boolean };

/** Every error of the draft, keyed by dotted field path; the first message per field wins. */
export function validateDraft(draft: TApplyDraft, rules: TApplyRules): TFieldErrors {
  const errors: TFieldErrors = {};
  const parsed = ZApplyRequest.safeParse(buildApplyRequest(draft, { cv: null, video: null }));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  if (rules.questionRequired && draft.customQuestion.trim() === '' && !errors.customQuestion)
    errors.customQuestion = applyMessages.answerRequired;
  if (rules.videoRequired && !rules.hasVideo) errors.video = applyMessages.videoRequired;
  return errors;
}

/** The errors that belong to one step (an index into `steps`). */
export const errorsOfStep = (
  errors: TFieldErrors,
  step: number,
  steps: readonly TApplyStep[] = ALL_APPLY_STEPS,
): TFieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => stepOfField(key, steps) === step));

/** The id of the input for a dotted field path, shared by the inputs and by focusing the first error. */
export const fieldId = (key: string) => `apply-${key.replaceAll('.', '-')}`;

/** The part of a draft a field path lives in: the field, or the whole entry for 'experience.0.title'. */
function partOf(draft: TApplyDraft, key: string): unknown {
  const [head, index] = key.split('.');
  const value = draft[head as keyof TApplyDraft];
  return Array.isArray(value) && index !== undefined ? value[Number(index)] : value;
}

/**
 * The errors still standing after an edit: a field the edit touched shows its current error, or none;
 * untouched fields keep theirs (including the server's, which only the server can lift).
 */
export function revalidate(
  errors: TFieldErrors,
  { before, after, rules }: { before: TApplyDraft; after: TApplyDraft; rules: TApplyRules },
): TFieldErrors {
  if (Object.keys(errors).length === 0) return errors;
  const now = validateDraft(after, rules);
  const kept: TFieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const touched = JSON.stringify(partOf(before, key)) !== JSON.stringify(partOf(after, key));
    const current = touched ? now[key] : message;
    if (current) kept[key] = current;
  }
  return kept;
}
