// The published face of the uploads module: what other modules and the composition root may use (docs/layers.md).
export { checkVideoKey, takeTusUpload } from './service.ts';
export {
  checkUploadMetadata,
  type TTusUploads,
  TUS_SERVER_OPTIONS,
  uploadCompany,
  uploadScopes,
} from './tus.ts';
export { detectVideoType } from './video-type.ts';
