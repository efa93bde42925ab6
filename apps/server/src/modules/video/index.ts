// The published face of the video module: what other modules and the composition root may use (docs/layers.md).
export { videoRenderDeps } from './deps.ts';
export { registerVideoRender } from './handlers.ts';
export { createVideoEvents } from './events.ts';
export { videoRoutes } from './routes.ts';
export { soundtrackRoutes } from './soundtrack-routes.ts';
export { seedSampleTemplates } from './samples.ts';
