import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@hirecast/domain/company';
import type { TAgency, TAgencyRequest } from '@hirecast/domain/settings';
import { api } from '../../../lib/api-client.ts';
import { companyQueryKey } from '../../../lib/company.ts';

// spec 2 §7 PATCH /company/{id}/agency/{agencyId}: any of name, email, phone, logo; answers the agency.
export const updateAgency = ({
  companyId,
  agencyId,
  body,
}: {
  companyId: string;
  agencyId: string;
  body: TAgencyRequest;
}) =>
  api.patch<TAgency>(
    `/company/${encodeURIComponent(companyId)}/agency/${encodeURIComponent(agencyId)}`,
    body,
  );

export function useUpdateAgency(companyId: string, agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAgencyRequest) => updateAgency({ companyId, agencyId, body }),
    onSuccess: (agency) =>
      queryClient.setQueryData<TCompany>(companyQueryKey(companyId), (company) =>
        company ? { ...company, agency } : company,
      ),
  });
}
