// The published face of the video module: what other modules and the composition root may use (docs/layers.md).
export { videoRenderDeps } from './deps.ts';
export { registerVideoRender } from './handlers.ts';
