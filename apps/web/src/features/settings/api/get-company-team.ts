import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import { api } from '../../../lib/api-client.ts';

// spec 2 §7 GET /company/{id}/team: members, then pending invitations.
export const companyTeamQueryKey = (companyId: string) => ['company', companyId, 'team'] as const;
export const getCompanyTeam = async (companyId: string) =>
  (await api.get<{ members: TCompanyTeamMember[] }>(`/company/${encodeURIComponent(companyId)}/team`))
    .members;
export const companyTeamQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: companyTeamQueryKey(companyId), queryFn: () => getCompanyTeam(companyId) });
export const useCompanyTeam = (companyId: string) => useQuery(companyTeamQueryOptions(companyId));
