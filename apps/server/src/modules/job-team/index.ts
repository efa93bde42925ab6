// The published face of the job-team module: what other modules and the composition root may use (docs/layers.md).
export { companyInvitationEmail } from './invitation-email.ts';
export { INVITATION_TTL_MS } from './service.ts';
export { jobTeamRoutes } from './routes.ts';
