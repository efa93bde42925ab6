// The published face of the billing module: what other modules and the composition root may use (docs/layers.md).
export { companyPlan, countActiveJobs } from './plan.ts';
