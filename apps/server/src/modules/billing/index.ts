// The published face of the billing module: what other modules and the composition root may use (docs/layers.md).
export { companyPlan, countActiveJobs } from './plan.ts';
export { billingRoutes } from './routes.ts';
export { readCatalogue } from './catalogue.ts';
