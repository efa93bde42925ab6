import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApplicationPrivacy, TAuditEvent } from '@hirecast/domain/privacy';
import { api } from '../../../lib/api-client.ts';
import { applicantQueryKey, applicantsQueryKey } from './get-applicant.ts';

// Issue 26: the applicant page's privacy card: GET /privacy/application/{id}, PUT and DELETE its legal hold,
// its audit (admins), and the export of its data (a subject access request).
const path = (id: string) => `/privacy/application/${encodeURIComponent(id)}`;
export const applicationPrivacyKey = (id: string) => ['privacy', 'application', id] as const;

export const applicationPrivacyQuery = (id: string) =>
  queryOptions({
    queryKey: applicationPrivacyKey(id),
    queryFn: () => api.get<TApplicationPrivacy>(path(id)),
  });
export const useApplicationPrivacy = (id: string) => useQuery(applicationPrivacyQuery(id));

export const useApplicantAudit = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['privacy', 'application', id, 'audit'] as const,
    queryFn: () => api.get<{ items: TAuditEvent[]; total: number }>(`${path(id)}/audit`),
    enabled,
  });

export function useLegalHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      reason === null
        ? api.delete<TApplicationPrivacy>(`${path(id)}/hold`)
        : api.put<TApplicationPrivacy>(`${path(id)}/hold`, { reason }),
    onSuccess: (saved) => {
      // Issue 33: a release that ran the candidate's erasure leaves nothing to read again; the list changed.
      if (saved.erasedOnRelease)
        return queryClient.invalidateQueries({ queryKey: applicantsQueryKey, refetchType: 'none' });
      queryClient.setQueryData(applicationPrivacyKey(id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['privacy', 'application', id, 'audit'] }),
        // The applicant carries its hold (the delete dialog reads it).
        queryClient.invalidateQueries({ queryKey: applicantQueryKey(id) }),
      ]);
    },
  });
}

export function useExportApplicantData(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ exportId: string; message: string }>('/privacy/applications/export', {
        applicationIds: [id],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['privacy', 'application', id, 'audit'] }),
  });
}
