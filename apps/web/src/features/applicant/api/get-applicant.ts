import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicant } from '@hirecast/domain/application';
import { api } from '../../../lib/api-client.ts';

// Every applicant query starts with 'applicants', so a status change refreshes the page and the lists at once.
export const applicantsQueryKey = ['applicants'] as const;
export const applicantQueryKey = (id: string) => [...applicantsQueryKey, 'detail', id] as const;

/** The video introduction is still being transcoded: no playable rendition yet. */
export const isIntroProcessing = (applicant: TApplicant | undefined) => {
  const intro = applicant?._profile._introduction;
  return Boolean(
    intro && intro.status !== 'error' && !intro.data.videoMp4Url_720p && !intro.data.videoMp4Url,
  );
};

// spec 2 §7 Applications: GET /job/candidate/{id}
export const getApplicant = (id: string) => api.get<TApplicant>(`/job/candidate/${encodeURIComponent(id)}`);

export const applicantQueryOptions = (id: string, enabled = true) =>
  queryOptions({
    queryKey: applicantQueryKey(id),
    queryFn: () => getApplicant(id),
    enabled,
    retry: false,
    // The renditions appear once processing ends: look again until they do.
    refetchInterval: (query) => (isIntroProcessing(query.state.data) ? 10_000 : false),
  });

/** spec 2 §2: loads after the job (`enabled` once the job is there). */
export const useApplicant = (id: string, enabled: boolean) => useQuery(applicantQueryOptions(id, enabled));
