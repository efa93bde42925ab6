import { useMutation, useQuery } from '@tanstack/react-query';
import type { TRetentionAction } from '@hirecast/domain/privacy';
import { api } from '../../../lib/api-client.ts';

// Issue 26 item 3: every application of one email address across the company's jobs, to export or erase at once.
export type TCandidateApplicationSummary = {
  _id: string;
  jobId: string;
  jobTitle: string;
  status: string;
  sentAt: string;
  anonymised: boolean;
  onHold: boolean;
};

export const findCandidateApplications = (email: string) =>
  api.get<TCandidateApplicationSummary[]>(`/privacy/applications?email=${encodeURIComponent(email)}`);

export const useCandidateApplications = (companyId: string | null, email: string | null) =>
  useQuery({
    queryKey: ['privacy', 'applications', companyId, email] as const,
    queryFn: () => findCandidateApplications(email!),
    enabled: email !== null,
  });

export const useExportApplications = () =>
  useMutation({
    mutationFn: (applicationIds: string[]) =>
      api.post<{ exportId: string; message: string }>('/privacy/applications/export', { applicationIds }),
  });

export const useEraseApplications = () =>
  useMutation({
    mutationFn: (input: { applicationIds: string[]; mode: TRetentionAction }) =>
      api.post<{ erased: number; held: number; missing: number }>('/privacy/applications/erase', input),
  });
