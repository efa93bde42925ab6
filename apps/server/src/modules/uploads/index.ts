// The published face of the uploads module: what other modules and the composition root may use (docs/layers.md).
export { checkVideoKey, takeTusUpload } from './service.ts';
export type { TTusUploads } from './tus.ts';
export {
  acceptTusBodies,
  createTusServer,
  isUploadId,
  parseUploadMetadata,
  tusHandler,
  uploadCompany,
  type TUploadScope,
} from './tus-endpoint.ts';
export { detectVideoType } from './video-type.ts';
export { uploadRoutes } from './routes.ts';
export { createTusUploads } from './tus.ts';
