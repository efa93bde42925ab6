// The module's published face: what the composition root and other modules may import.
export { tagRoutes } from './routes.ts';
