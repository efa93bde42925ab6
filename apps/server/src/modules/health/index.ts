// The module's published face: what the composition root and other modules may import.
export { healthRoutes } from './routes.ts';
