import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadingNumber, playableUrl, type TVideoAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// spec 1 §2: the empty dashboard shows an intro video: the first of the onboarding videos (spec 3 §2, sorted by
// the number their titles start with) that can play. The list is the same call and cache as the onboarding
// page's (GET /asset/onboarding, spec 3 §7).
const byNumber = (videos: TVideoAsset[]) =>
  [...videos].sort(
    (a, b) => leadingNumber(a.title) - leadingNumber(b.title) || a.title.localeCompare(b.title),
  );

export const introVideoQuery = () =>
  queryOptions({
    queryKey: ['assets', 'onboarding'],
    queryFn: ({ signal }) => api.get<TVideoAsset[]>('/asset/onboarding', { signal }).then(byNumber),
    select: (videos: TVideoAsset[]) => videos.find((video) => playableUrl(video)) ?? null,
  });

export const useIntroVideo = () => useQuery(introVideoQuery());
