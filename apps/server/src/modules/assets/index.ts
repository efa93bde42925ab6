// The published face of the assets module: what other modules and the composition root may use (docs/layers.md).
export { removeStoredFiles } from './files.ts';
export { assertCanChange } from './policy.ts';
export { requestVideoProcessing } from './queue.ts';
export { storeSeededVideo, systemCompanyId, withSeedFolder } from './seed.ts';
export { publicUrl, storedKeys, toVideoAsset, type TVideoAssetRow } from './serialize.ts';
export { publiclyVisible } from './public-visibility.ts';
export { listTags, recordEngagement } from './service.ts';
export { assetRoutes } from './routes.ts';
