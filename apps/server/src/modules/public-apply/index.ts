// The published face of the public-apply module: what other modules and the composition root may use (docs/layers.md).
export { loadCandidateApplication, withdrawApplication } from './manage.ts';
export { publicApplyRoutes } from './routes.ts';
