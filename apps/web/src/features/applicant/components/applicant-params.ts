import {
  APPLICANT_PAGE_SIZES,
  APPLICANT_SORTS,
  APPLICATION_STATUSES,
  type TApplicantSort,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';

// The applicants list links here keeping its query (status, search, sort, page, viewMode), so the arrows walk
// the same filtered list and the back link returns to it. The page adds `index`: the applicant's position in
// that list, so the arrows know where to look without reading the list from the start.

export type TListFilter = { status?: TApplicationStatus; search?: string; sort?: TApplicantSort };

const INDEX_PARAM = 'index';

export function readListFilter(params: URLSearchParams): TListFilter {
  const filter: TListFilter = {};
  const status = params.get('status')?.trim().toLowerCase();
  if (status && (APPLICATION_STATUSES as readonly string[]).includes(status))
    filter.status = status as TApplicationStatus;
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  const sort = params.get('sort');
  if (sort && (APPLICANT_SORTS as readonly string[]).includes(sort)) filter.sort = sort as TApplicantSort;
  return filter;
}

const wholeNumber = (value: string | null) => {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
};

/**
 * Where the applicant probably is in the list: the `index` this page set, else the first row of the list's
 * page (1-based, as the list writes it; the window read around the hint would also cover a 0-based one).
 */
export function readIndexHint(params: URLSearchParams): number {
  const index = wholeNumber(params.get(INDEX_PARAM));
  if (index !== null) return index;
  const page = wholeNumber(params.get('page'));
  const size = params.get('viewMode') === 'grid' ? APPLICANT_PAGE_SIZES.grid : APPLICANT_PAGE_SIZES.list;
  return page === null ? 0 : Math.max(0, page - 1) * size;
}

const withoutIndex = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.delete(INDEX_PARAM);
  return next;
};

const withQuery = (path: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

export const applicantPath = (jobId: string, applicantId: string) =>
  `/applications/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/view`;

/** The list this page came from, with its filters. */
export const listLink = (jobId: string, params: URLSearchParams) =>
  withQuery(`/jobs/${encodeURIComponent(jobId)}/view`, withoutIndex(params));

/** Another applicant of the same list, keeping the list's query and recording the position. */
export function neighbourLink(
  jobId: string,
  params: URLSearchParams,
  neighbour: { id: string; index: number },
) {
  const next = withoutIndex(params);
  next.set(INDEX_PARAM, String(neighbour.index));
  return withQuery(applicantPath(jobId, neighbour.id), next);
}

/** The link to share: the applicant alone, without the list's filters. */
export const shareLink = (origin: string, jobId: string, applicantId: string) =>
  `${origin}${applicantPath(jobId, applicantId)}`;
