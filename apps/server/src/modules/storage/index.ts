// The published face of the storage module: what other modules and the composition root may use (docs/layers.md).
export { checkOwnImage, ownImageChange } from './own-image.ts';
export { assertKeyOwner, checkStoredImage } from './service.ts';
export { storageRoutes } from './routes.ts';
