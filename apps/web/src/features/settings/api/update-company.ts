import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TUpdateCompanyRequest } from '@hirecast/domain/company';
import { api } from '../../../lib/api-client.ts';
import { companyQueryKey } from '../../../lib/company.ts';
import { meQueryKey } from '../../../lib/me.ts';

// spec 2 §7 PATCH /company/{id}: any subset of the company's fields, or letters (the Texts tab). Admins only
// (403 'Only admins can edit these settings.'); a taken name answers 409.
export const updateCompany = ({ companyId, body }: { companyId: string; body: TUpdateCompanyRequest }) =>
  api.patch<TCompany>(`/company/${encodeURIComponent(companyId)}`, body);

export function useUpdateCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCompanyRequest) => updateCompany({ companyId, body }),
    onSuccess: (company, body) => {
      queryClient.setQueryData(companyQueryKey(companyId), company);
      // The name and logo also show in the profile menu's company list (me._companies).
      if (body.name !== undefined || body.logo !== undefined)
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
