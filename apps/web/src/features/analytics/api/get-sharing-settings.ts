import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharingSettings } from '@hirecast/domain/sharing';
import { api } from '../../../lib/api-client.ts';

// Issue 16: the company's time zone (periods are computed in it) and points per event.
export const getSharingSettings = () => api.get<TSharingSettings>('/sharing/settings');

export const sharingSettingsQuery = (companyId: string | null) =>
  queryOptions({
    queryKey: ['sharing', 'settings', companyId],
    queryFn: getSharingSettings,
    staleTime: 60_000,
  });

export const useSharingSettings = (companyId: string | null) => useQuery(sharingSettingsQuery(companyId));
