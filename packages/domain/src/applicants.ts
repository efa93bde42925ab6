import { z } from 'zod';
import { INTERVIEW_FILTERS } from './interview.ts';
import { APPLICATION_STATUSES, ZApplicant, type TApplicationStatus } from './application.ts';
import { ROLES, type TRole } from './constants.ts';

// spec 2 §3 Note, Mark, History item; §4 Applicant statuses, Changing status, Sorting and filtering; §5; §7
// Applications and History; §8. The employer side of applications (issue 6).

export { APPLICATION_STATUSES, type TApplicationStatus };

/** spec 2 §4: the list view's order of statuses. */
export const STATUS_LIST_ORDER: readonly TApplicationStatus[] = [
  'withdrawn',
  'rejected',
  'new',
  'shortlisted',
  'interviewing',
  'hired',
];

/** spec 2 §4 badge colours. */
export const STATUS_COLOURS: Record<
  TApplicationStatus,
  'grey' | 'amber' | 'red' | 'orange' | 'purple' | 'green'
> = {
  new: 'grey',
  shortlisted: 'amber',
  rejected: 'red',
  interviewing: 'orange',
  withdrawn: 'purple',
  hired: 'green',
};

export const STATUS_LABELS: Record<TApplicationStatus, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** The letter each status change can send (spec 2 §4: hired, rejected, interviewing, shortlisted). */
export const STATUS_LETTER: Partial<Record<TApplicationStatus, TLetterKind>> = {
  hired: 'hire',
  rejected: 'rejection',
  interviewing: 'connection',
  shortlisted: 'shortlist',
};

const canAct = (role: TRole) => role >= ROLES.jobManager;

/**
 * A candidate's withdrawal is final for the employer: their private link told them "You cannot undo this", so
 * no one may move the application back (the candidate would see Withdraw offered again) nor email them.
 */
export const isFinalForEmployer = (status: TApplicationStatus) => status === 'withdrawn';

/**
 * spec 2 §4, first reading (the status menu): any status other than the current one, for non-viewers. The
 * candidate's own `withdrawn` is not something a recruiter sets, nor undoes.
 */
export function menuStatuses(current: TApplicationStatus, role: TRole): TApplicationStatus[] {
  if (!canAct(role) || isFinalForEmployer(current)) return [];
  return APPLICATION_STATUSES.filter((s) => s !== current && s !== 'withdrawn');
}

export type TPageAction = 'reject' | 'interview' | 'hire';

/**
 * spec 2 §4, second reading (the applicant page): Reject unless rejected or hired; Interview unless
 * interviewing; Hire only from interviewing. Rejected and hired are terminal there; viewers get nothing.
 */
export function pageActions(current: TApplicationStatus, role: TRole): TPageAction[] {
  if (!canAct(role) || current === 'rejected' || current === 'hired' || isFinalForEmployer(current))
    return [];
  const actions: TPageAction[] = ['reject'];
  if (current !== 'interviewing') actions.push('interview');
  if (current === 'interviewing') actions.push('hire');
  return actions;
}

export const PAGE_ACTION_STATUS: Record<TPageAction, TApplicationStatus> = {
  reject: 'rejected',
  interview: 'interviewing',
  hire: 'hired',
};

/** The server's rule: a change the menu allows (the page's actions are a subset of it). */
export function canChangeStatus(from: TApplicationStatus, to: TApplicationStatus, role: TRole): boolean {
  return menuStatuses(from, role).includes(to);
}

// spec 2 §4 Sorting and filtering.
export const APPLICANT_SORTS = [
  'newest',
  'oldest',
  'rating-high',
  'rating-low',
  // Issue 25: by the interview score (the average of the answers' ratings), unscored last.
  'interview-high',
  'interview-low',
] as const;
export type TApplicantSort = (typeof APPLICANT_SORTS)[number];
export const APPLICANT_SORT_LABELS: Record<TApplicantSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'rating-high': 'High rating',
  'rating-low': 'Low rating',
  'interview-high': 'High interview score',
  'interview-low': 'Low interview score',
};
/** Rating is the average mark, else the AI fit score. */
export const applicantRating = (a: { markAvg: number | null; aiFitScore: number | null }) =>
  a.markAvg ?? a.aiFitScore;

type TSortable = {
  _id: string;
  sentAt: string;
  markAvg: number | null;
  aiFitScore: number | null;
  interview?: { score: number | null } | null;
};

/**
 * The order of the list, as the server's SQL gives it: by sentAt, or by rating with unrated applicants last in
 * both directions; ties go newest first, then by id, so pages never overlap.
 */
export function compareApplicants(sort: TApplicantSort): (a: TSortable, b: TSortable) => number {
  const byId = (a: TSortable, b: TSortable) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const newest = (a: TSortable, b: TSortable) => Date.parse(b.sentAt) - Date.parse(a.sentAt) || byId(b, a);
  if (sort === 'newest') return newest;
  if (sort === 'oldest') return (a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt) || byId(a, b);
  const direction = sort === 'rating-high' || sort === 'interview-high' ? -1 : 1;
  const scoreOf = (x: TSortable) =>
    sort.startsWith('interview') ? (x.interview?.score ?? null) : applicantRating(x);
  return (a, b) => {
    const ra = scoreOf(a);
    const rb = scoreOf(b);
    if (ra === rb) return newest(a, b);
    if (ra === null) return 1;
    if (rb === null) return -1;
    return (ra - rb) * direction;
  };
}

export const APPLICANT_PAGE_SIZES = { list: 10, grid: 12 } as const;

export const ZApplicantListQuery = z.object({
  // Case-insensitive (spec 2 §4).
  status: z.string().trim().toLowerCase().pipe(z.enum(APPLICATION_STATUSES)).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(APPLICANT_SORTS).default('newest'),
  /** Issue 25: applicants by their interview's state ('none': not invited). */
  interview: z.enum(INTERVIEW_FILTERS).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type TApplicantListQuery = z.input<typeof ZApplicantListQuery>;

export const ZApplicantStatistic = z.record(z.enum(APPLICATION_STATUSES), z.number().int());
export const ZApplicantListResponse = z.object({
  applicants: z.array(ZApplicant),
  /** The applicants that match the filters and the search; see countExact. */
  count: z.number().int(),
  /**
   * False when a search matches so many applicants that counting them all would slow every page (decision 016):
   * then there are more than `count`.
   */
  countExact: z.boolean(),
  /** Applicants per status for the whole job (not the filtered page). */
  statistic: ZApplicantStatistic,
});
export type TApplicantListResponse = z.infer<typeof ZApplicantListResponse>;

// Letters (spec 2 §3 letter texts on the company; issue 6 item 4).
export const LETTER_KINDS = [
  'rejection',
  'connection',
  'hire',
  'shortlist',
  'communication',
  'hiringNow',
  'hiringSoon',
  'reengaging',
  // Issue 25: the interview invitation and its reminder (Settings › Texts).
  'interviewInvitation',
  'interviewReminder',
] as const;
export type TLetterKind = (typeof LETTER_KINDS)[number];

export const LETTER_PLACEHOLDERS = ['candidateName', 'position', 'company', 'jobOwner', 'jobTitle'] as const;
export type TLetterValues = Record<(typeof LETTER_PLACEHOLDERS)[number], string>;

/** POST /job/{id}/applicants/csv (spec 2 §7): optional status filter and one sort, 1 ascending, -1 descending. */
const zDirection = z.union([z.literal(1), z.literal(-1)]);
export const ZApplicantsCsvRequest = z.object({
  status: z.string().trim().toLowerCase().pipe(z.enum(APPLICATION_STATUSES)).optional(),
  sortByRate: zDirection.optional(),
  sortByDate: zDirection.optional(),
});
export type TApplicantsCsvRequest = z.input<typeof ZApplicantsCsvRequest>;

/** The list sort a CSV request asks for (rate wins when both are given; newest when neither). */
export function csvSort(input: { sortByRate?: 1 | -1; sortByDate?: 1 | -1 }): TApplicantSort {
  if (input.sortByRate) return input.sortByRate === 1 ? 'rating-low' : 'rating-high';
  return input.sortByDate === 1 ? 'oldest' : 'newest';
}

export const ZChangeStatusRequest = z.object({ data: z.object({ status: z.enum(APPLICATION_STATUSES) }) });
export const ZSendLetterRequest = z.object({
  status: z.enum(APPLICATION_STATUSES),
  text: z.string().trim().min(1, 'Please write the email').max(5000),
  subject: z.string().trim().max(200).optional(),
  isIncludeCalendarLink: z.boolean().optional(),
});
export const ZReengageRequest = z.object({
  text: z.string().trim().min(1, 'Please write the email').max(5000),
  subject: z.string().trim().min(1, 'Please write the subject').max(200),
  applicationIds: z.array(z.string()).min(1).max(1000),
});

/**
 * PATCH .../send/letter: the letter that belongs to an earlier event of the history (a status changed without
 * its email), sent now without changing the status.
 */
export const ZSendEventLetterRequest = z.object({
  eventId: z.string().min(1).max(64),
  text: z.string().trim().min(1, 'Please write the email').max(5000),
});
/** POST /history/application/{id}/communication: a reply to the candidate. */
export const ZCommunicationRequest = z.object({
  text: z.string().trim().min(1, 'Please write the email').max(5000),
});
export const ZReengageResponse = z.object({ sent: z.number().int() });

// spec 2 §3 Note, Mark; §5: send buttons need non-empty text; marks 1 to 5.
export const ZNoteRequest = z.object({
  text: z.string().trim().min(1, 'Please write the note').max(5000),
  isFeedback: z.boolean().default(false),
});
export const ZNote = z.object({
  _id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  isFeedback: z.boolean(),
  _manager: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type TNote = z.infer<typeof ZNote>;

export const MARK_LABELS = [
  'Definitely not',
  "I don't think so",
  "I'm 50/50",
  'Looks good',
  'Looks great',
] as const;
export const DEFAULT_MARK = 3;
export const ZMarkRequest = z.object({ mark: z.number().int().min(1).max(5) });
export const ZMark = z.object({
  _id: z.string(),
  mark: z.number().int(),
  _manager: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
});

export const ZHistoryItem = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Who did it: a team member's name, 'Candidate', or 'Hirecast assistant' for automatic actions. */
  changedBy: z.string(),
  event: z.object({
    eventName: z.enum(['statusChanged', 'message', 'communication', 'interview']),
    details: z.object({
      title: z.string().optional(),
      text: z.string().optional(),
      status: z.enum(APPLICATION_STATUSES).optional(),
    }),
    isLetterSent: z.boolean(),
  }),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

export const applicantMessages = {
  letterNotSent:
    "The status was changed, but the email could not be sent. You can send it from the applicant's history.",
  deleted: 'The candidate has been successfully deleted.',
  filtersReset: 'The filters have been reset.',
  filteredLinkCopied:
    'Link to filtered applicants copied. Only users with access to this job will be able to view it.',
  linkCopied: 'Applicant link copied to clipboard.',
  linkFailed: 'Looks like we could not create a view link for you.',
  exportFailed: 'Something went wrong. Please try again later.',
  gridFailed: 'An error occurred while building the data grid',
  emptyQueryTitle: 'Jobs:No data to display',
  emptyQueryText: 'There are no applicants to display for this query. Please try something different.',
  jobUnavailable: "This job doesn't exist or you don't have access",
  untitledJob: 'Untitled Job',
  statusNotAllowed: 'This status change is not allowed.',
  withdrawnIsFinal:
    'This candidate withdrew their application. It can no longer be changed and no emails can be sent to them.',
  withdrawnByCandidate: 'Withdrawn by the candidate. The application can no longer be changed.',
  viewerCannotAct: "Viewers can't change applicants.",
  onlyAuthorDeletes: 'Only the author can delete this note.',
  onlyOwnMark: 'Only the person who gave this mark can remove it.',
} as const;

/** "a", "a and b", "a, b and c". */
const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Issue 33: what the team's "Delete applicant" question says will go, naming only what this applicant has (no
 * video, CV or interview they never had).
 */
export function deleteApplicantText(has: {
  cv: boolean;
  video: boolean;
  interview: boolean;
  notes: boolean;
  ratings: boolean;
}): string {
  const parts = [
    'application',
    has.cv && 'CV',
    has.video && 'video',
    has.interview && 'interview',
    has.notes && 'notes',
    has.ratings && 'ratings',
  ].filter((p): p is string => typeof p === 'string');
  return `Their ${listOf(parts)} will be deleted for everyone on your team. This cannot be undone.`;
}
