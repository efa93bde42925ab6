// The published face of the jobs module: what other modules and the composition root may use (docs/layers.md).
export { assertCanShare } from './policy.ts';
export { additionalVideoIds, type TJobRow } from './serialize.ts';
export { companyName, findJob } from './service.ts';
export { SHORT_ID_PATTERN } from './short-id.ts';
export { isLive, isPreLaunch, queueEarlyBirdLetter, queueJobLiveLetters } from './letter-hooks.ts';
export { jobRoutes, shortLinkRoutes } from './routes.ts';
