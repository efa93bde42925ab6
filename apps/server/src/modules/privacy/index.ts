// The privacy module's face (issue 26, decision 029): retention rules, legal holds, data exports and the audit.
export { privacyRoutes } from './routes.ts';
export { privacyPublicRoutes } from './public-routes.ts';
export { keepApplication } from './retention.ts';
export { exportDownloadPath, exportLinkState } from './export.ts';
export { registerPrivacyJobs } from './handlers.ts';
export {
  registerCandidateDataContributor,
  type TCandidateDataContributor,
  type TCandidateFile,
} from './contributors.ts';
export { publicPrivacyNotice } from './service.ts';
