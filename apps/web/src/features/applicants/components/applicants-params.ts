import {
  type APPLICANT_PAGE_SIZES,
  APPLICANT_SORTS,
  APPLICATION_STATUSES,
  type TApplicantSort,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import { INTERVIEW_FILTERS } from '@hirecast/domain/interview';

export type TInterviewFilter = (typeof INTERVIEW_FILTERS)[number];

// spec 2 §2 Applicants list: /jobs/{id}/view?status=&search=&sort=&page=&viewMode=list|grid. Every filter lives
// in the URL so a copied link, a reload and the browser's back and forward buttons all give the same view.

export type TViewMode = keyof typeof APPLICANT_PAGE_SIZES;
export const DEFAULT_SORT: TApplicantSort = 'newest';
export const DEFAULT_VIEW_MODE: TViewMode = 'list';

/** spec 2 §5 and §9: the applicant search waits 200 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 200;

export type TApplicantsParams = {
  status: TApplicationStatus | null;
  search: string;
  sort: TApplicantSort;
  /** Issue 25: applicants by their interview's state ('none': not invited); null: all. */
  interview: TInterviewFilter | null;
  /** 1-based. */
  page: number;
  viewMode: TViewMode;
};

const isStatus = (value: string): value is TApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);
const isInterview = (value: string): value is TInterviewFilter =>
  (INTERVIEW_FILTERS as readonly string[]).includes(value);
const isSort = (value: string): value is TApplicantSort =>
  (APPLICANT_SORTS as readonly string[]).includes(value);

export function readApplicantsParams(params: URLSearchParams): TApplicantsParams {
  // spec 2 §4: the status filter is case-insensitive.
  const status = (params.get('status') ?? '').trim().toLowerCase();
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  const interview = params.get('interview') ?? '';
  return {
    interview: isInterview(interview) ? interview : null,
    status: isStatus(status) ? status : null,
    search: params.get('search') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    viewMode: params.get('viewMode') === 'grid' ? 'grid' : DEFAULT_VIEW_MODE,
  };
}

/**
 * The next query string. Defaults are left out; a new status, search, sort or view mode starts again at page 1
 * (spec 2 §4: search resets the page; the two views have different page sizes). Other parameters are kept.
 */
export function writeApplicantsParams(prev: URLSearchParams, change: Partial<TApplicantsParams>) {
  const current = readApplicantsParams(prev);
  const merged = { ...current, ...change };
  const resets =
    (change.status !== undefined && change.status !== current.status) ||
    (change.search !== undefined && change.search.trim() !== current.search.trim()) ||
    (change.sort !== undefined && change.sort !== current.sort) ||
    (change.interview !== undefined && change.interview !== current.interview) ||
    (change.viewMode !== undefined && change.viewMode !== current.viewMode);
  if (resets && change.page === undefined) merged.page = 1;
  const next = new URLSearchParams(prev);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  put('status', merged.status);
  put('search', merged.search.trim() ? merged.search : null);
  put('sort', merged.sort === DEFAULT_SORT ? null : merged.sort);
  put('interview', merged.interview);
  put('page', merged.page > 1 ? String(merged.page) : null);
  put('viewMode', merged.viewMode === DEFAULT_VIEW_MODE ? null : merged.viewMode);
  return next;
}

/** Reset (spec 2 §2): the filters go; the view mode is a preference, not a filter, and stays. */
export function resetApplicantsParams(prev: URLSearchParams) {
  const { viewMode } = readApplicantsParams(prev);
  return writeApplicantsParams(new URLSearchParams(), { viewMode });
}

export const hasActiveFilters = (p: TApplicantsParams) =>
  p.status !== null ||
  p.search.trim() !== '' ||
  p.sort !== DEFAULT_SORT ||
  p.interview !== null ||
  p.page > 1;
