// The published face of the video-processing module: what other modules and the composition root may use (docs/layers.md).
export { registerVideoProcessing } from './handlers.ts';
export { allOutputKeys } from './outputs.ts';
export { processVideoAsset, type TVideoProcessingDeps } from './service.ts';
export { fairVideoPlace, SEEDED_PRIORITY } from './fairness.ts';
