// The published face of the applications module: what other modules and the composition root may use (docs/layers.md).
export {
  applicationUploadKeys,
  claimApplyUploads,
  recordCandidateUpload,
  registerUploadSweep,
  releaseApplicationUploads,
  sweepUnattachedUploads,
} from './candidate-uploads.ts';
export { deleteApplicationWithFiles } from './delete.ts';
export { applicationViewLink } from './links.ts';
export {
  automaticSender,
  composeLetter,
  letterValues,
  loadLetterSetting,
  type TLetterSender,
  type TLetterSetting,
} from './letters.ts';
export { assertNotWithdrawn } from './policy.ts';
export { ACTOR_ASSISTANT, ACTOR_CANDIDATE, memberName, recordHistory } from './record-history.ts';
export { queueScreening, registerScreening } from './screening.ts';
export { findApplication, type TApplicationRow } from './service.ts';
export { applicationRoutes } from './routes.ts';
