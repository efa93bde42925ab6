import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCreateCompanyRequest } from '@hirecast/domain/company';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

// spec 1 §7 Company: POST /company
export const createCompany = (body: TCreateCompanyRequest) => api.post<TCompany>('/company', body);

export const useCreateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    // The new company joins me._companies (profile menu, guards).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
};
