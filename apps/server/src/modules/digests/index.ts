// The published face of the digests module: what other modules and the composition root may use (docs/layers.md).
export { registerDigests } from './service.ts';
