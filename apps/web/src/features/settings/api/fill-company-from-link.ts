import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@hirecast/domain/company';
import { api } from '../../../lib/api-client.ts';
import { companyQueryKey } from '../../../lib/company.ts';

// spec 1 §7 POST /texau {link}: queues reading the company's details from its website or public profile.
// Answers the company with `texauLoading` on; useSettingsCompany polls until it is off.
export const fillCompanyFromLink = (link: string) => api.post<TCompany>('/texau', { link });

export function useFillCompanyFromLink(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillCompanyFromLink,
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey(companyId), company),
  });
}
