import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeamMember } from '@hirecast/domain/team';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7 Jobs: GET /job/{id}/team
export const jobTeamQueryKey = (jobId: string) => ['jobs', 'team', jobId] as const;
export const getJobTeam = (jobId: string) => api.get<TTeamMember[]>(`/job/${encodeURIComponent(jobId)}/team`);
export const jobTeamQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: jobTeamQueryKey(jobId), queryFn: () => getJobTeam(jobId) });
export const useJobTeam = (jobId: string) => useQuery(jobTeamQueryOptions(jobId));
