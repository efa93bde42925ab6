// The module's published face: what the composition root and other modules may import.
export { companyTeamRoutes } from './routes.ts';
