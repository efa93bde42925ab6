// The published face of the image-assets module: what other modules and the composition root may use (docs/layers.md).
export { toImageAsset } from './service.ts';
export { imageAssetRoutes } from './routes.ts';
