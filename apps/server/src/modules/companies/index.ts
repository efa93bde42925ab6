// The published face of the companies module: what other modules and the composition root may use (docs/layers.md).
export { registerCompanyJobs } from './handlers.ts';
export { companyRoutes } from './routes.ts';
