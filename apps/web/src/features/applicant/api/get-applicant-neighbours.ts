import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicantListResponse } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import type { TListFilter } from '../components/applicant-params.ts';

export type TNeighbour = { id: string; index: number };
export type TNeighbours = {
  /** The applicant's position in the filtered list, or null when it is not in it (any more). */
  index: number | null;
  count: number;
  previous: TNeighbour | null;
  next: TNeighbour | null;
};

const WINDOW = 50; // the list endpoint's largest page
const BEFORE_HINT = 20; // the list may have moved since the link was made: start a little before the hint
const SCAN_PAGES = 4; // without a usable hint, look through the first 200 applicants only

// spec 2 §7 Applications: GET /job/{jobId}/applications?status&search&sort&skip&limit
export const getApplicantsPage = (jobId: string, filter: TListFilter, skip: number, limit: number) => {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search) params.set('search', filter.search);
  if (filter.sort) params.set('sort', filter.sort);
  params.set('skip', String(skip));
  params.set('limit', String(limit));
  return api.get<TApplicantListResponse>(`/job/${encodeURIComponent(jobId)}/applications?${params}`);
};

/**
 * The applicants before and after this one in the current filtered list (spec 2 §2 previous/next arrows).
 * Reads a window of the list around the hinted position; if the applicant is not there (the list changed, or
 * the link came without a position), scans the first pages.
 */
export async function findNeighbours(input: {
  jobId: string;
  applicantId: string;
  filter: TListFilter;
  hint: number;
}): Promise<TNeighbours> {
  const { jobId, applicantId, filter } = input;
  const ids = new Map<number, string>();
  let count = 0;
  const read = async (skip: number, limit: number) => {
    const page = await getApplicantsPage(jobId, filter, skip, limit);
    count = page.count;
    page.applicants.forEach((a, i) => ids.set(skip + i, a._id));
    const at = page.applicants.findIndex((a) => a._id === applicantId);
    return at === -1 ? null : skip + at;
  };

  const start = Math.max(0, input.hint - BEFORE_HINT);
  let index = await read(start, WINDOW);
  for (let page = 0; index === null && page < SCAN_PAGES && page * WINDOW < count; page += 1) {
    const skip = page * WINDOW;
    if (skip === start) continue;
    index = await read(skip, WINDOW);
  }
  if (index === null) return { index: null, count, previous: null, next: null };

  // The applicant sat at an edge of what was read: read its two neighbours.
  const missing = (i: number) => i >= 0 && i < count && !ids.has(i);
  if (missing(index - 1) || missing(index + 1)) await read(Math.max(0, index - 1), 3);
  const at = (i: number): TNeighbour | null => {
    const id = ids.get(i);
    return id ? { id, index: i } : null;
  };
  return { index, count, previous: at(index - 1), next: at(index + 1) };
}

// Not under 'applicants': a status change made here must not move the arrows while the page is open (the
// applicant may leave the filtered list; the arrows still lead to the ones that were around it).
export const neighboursQueryOptions = (input: Parameters<typeof findNeighbours>[0]) =>
  queryOptions({
    queryKey: ['applicant-neighbours', input] as const,
    queryFn: () => findNeighbours(input),
    staleTime: 30_000,
    retry: false,
  });

export const useApplicantNeighbours = (input: Parameters<typeof findNeighbours>[0], enabled: boolean) =>
  useQuery({ ...neighboursQueryOptions(input), enabled });
