import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@hirecast/domain/company';
import { api } from '../../../lib/api-client.ts';
import { companyQueryKey } from '../../../lib/company.ts';

// spec 2 §7 POST /company/{id}/agency {isAgency}: answers the company (with its agency details when on).
export const switchAgency = ({ companyId, isAgency }: { companyId: string; isAgency: boolean }) =>
  api.post<TCompany>(`/company/${encodeURIComponent(companyId)}/agency`, { isAgency });

export function useSwitchAgency(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isAgency: boolean) => switchAgency({ companyId, isAgency }),
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey(companyId), company),
  });
}
