import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadingNumber, type TVideoAsset } from '@hirecast/domain/asset';
import { api } from './api-client.ts';

// spec 3 §7: GET /asset/onboarding; §2: titles start with a number and the list is sorted by it.
export const sortOnboardingVideos = (videos: TVideoAsset[]) =>
  [...videos].sort(
    (a, b) => leadingNumber(a.title) - leadingNumber(b.title) || a.title.localeCompare(b.title),
  );

export const getOnboardingVideos = (signal?: AbortSignal) =>
  api.get<TVideoAsset[]>('/asset/onboarding', { signal }).then(sortOnboardingVideos);

export const onboardingVideosQuery = () =>
  queryOptions({ queryKey: ['assets', 'onboarding'], queryFn: ({ signal }) => getOnboardingVideos(signal) });

export const useOnboardingVideos = () => useQuery(onboardingVideosQuery());
