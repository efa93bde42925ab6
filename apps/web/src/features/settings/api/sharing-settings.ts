import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSharingSettings } from '@hirecast/domain/sharing';
import type { TUpdateSharingSettingsRequest } from '@hirecast/domain/sharing-api';
import { api } from '../../../lib/api-client.ts';

// Issue 16: GET and PATCH /sharing/settings, the company's time zone and reward points per event.
export const sharingSettingsKey = (companyId: string | null) => ['sharing', 'settings', companyId] as const;
export const getSharingSettings = () => api.get<TSharingSettings>('/sharing/settings');
export const updateSharingSettings = (body: TUpdateSharingSettingsRequest) =>
  api.patch<TSharingSettings>('/sharing/settings', body);

export const sharingSettingsQuery = (companyId: string | null) =>
  queryOptions({ queryKey: sharingSettingsKey(companyId), queryFn: getSharingSettings, staleTime: 60_000 });
export const useSharingSettings = (companyId: string | null) => useQuery(sharingSettingsQuery(companyId));

export function useUpdateSharingSettings(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSharingSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(sharingSettingsKey(companyId), saved);
      // Points and time zone change every analytics figure.
      return queryClient.invalidateQueries({ queryKey: ['sharing'] });
    },
  });
}
