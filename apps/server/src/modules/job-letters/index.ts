// The published face of the job-letters module: what other modules and the composition root may use (docs/layers.md).
export { registerJobLetters } from './handlers.ts';
