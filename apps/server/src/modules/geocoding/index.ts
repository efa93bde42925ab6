// The module's published face: what the composition root and other modules may import.
export { geocodingRoutes } from './routes.ts';
