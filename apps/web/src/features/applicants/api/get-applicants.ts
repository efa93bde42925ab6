import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicantListResponse, TApplicantSort, TApplicationStatus } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';

export type TApplicantsFilter = {
  jobId: string;
  status: TApplicationStatus | null;
  search: string;
  sort: TApplicantSort;
  /** Issue 25: by interview state ('none': not invited). */
  interview?: string | null;
  skip: number;
  limit: number;
};

// Every applicants query of a job starts with ['applicants', jobId], so a status change refreshes the list
// and the per-status statistic with one prefix.
export const applicantsQueryKey = (jobId: string) => ['applicants', jobId] as const;

// spec 2 §7 Applications: GET /job/{jobId}/applications?status&search&sort&skip&limit (ZApplicantListQuery).
export const getApplicants = (
  { jobId, status, search, sort, interview, skip, limit }: TApplicantsFilter,
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ sort, skip: String(skip), limit: String(limit) });
  if (status) params.set('status', status);
  if (interview) params.set('interview', interview);
  if (search.trim()) params.set('search', search.trim());
  return api.get<TApplicantListResponse>(
    `/job/${encodeURIComponent(jobId)}/applications?${params.toString()}`,
    { signal },
  );
};

export const applicantsQueryOptions = (filter: TApplicantsFilter) =>
  queryOptions({
    queryKey: [
      ...applicantsQueryKey(filter.jobId),
      'list',
      { ...filter, search: filter.search.trim() },
    ] as const,
    queryFn: ({ signal }) => getApplicants(filter, signal),
    // Paging, sorting and typing keep the last page on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export const useApplicants = (filter: TApplicantsFilter) => useQuery(applicantsQueryOptions(filter));
