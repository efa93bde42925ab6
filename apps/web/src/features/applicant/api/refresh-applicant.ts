import type { QueryClient } from '@tanstack/react-query';
import { applicantJobQueryKey } from './get-applicant-job.ts';
import { applicantsQueryKey } from './get-applicant.ts';
import { historyQueryKey } from './get-history.ts';

/**
 * What a status change or an email changes: the applicant (and every applicants list, which share the
 * 'applicants' prefix), its history, and the job's per-status counts.
 */
export const refreshApplicant = (queryClient: QueryClient, { jobId, id }: { jobId: string; id: string }) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: applicantsQueryKey }),
    queryClient.invalidateQueries({ queryKey: historyQueryKey(id) }),
    queryClient.invalidateQueries({ queryKey: applicantJobQueryKey(jobId) }),
  ]);
