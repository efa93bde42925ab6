// The published face of the job-share module: what other modules and the composition root may use (docs/layers.md).
export { attachmentHeader, csvLine } from './csv.ts';
export { jobShareRoutes } from './routes.ts';
