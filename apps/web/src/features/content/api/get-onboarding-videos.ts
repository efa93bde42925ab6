import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadingNumber, type TVideoAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Videos: GET /asset/onboarding. The library's empty state plays the first one as its intro video.
export const getOnboardingVideos = (signal?: AbortSignal) =>
  api.get<TVideoAsset[]>('/asset/onboarding', { signal });

export const onboardingVideosQueryOptions = () =>
  queryOptions({
    queryKey: ['assets', 'onboarding'] as const,
    queryFn: ({ signal }) => getOnboardingVideos(signal),
    // spec 3 §2 Onboarding videos: sorted by the number their titles start with.
    select: (videos) => [...videos].sort((a, b) => leadingNumber(a.title) - leadingNumber(b.title)),
    staleTime: 5 * 60_000,
  });

export const useOnboardingVideos = () => useQuery(onboardingVideosQueryOptions());
