// The module's published face: what the composition root and other modules may import.
export { siteRoutes } from './site.ts';
export { publicRoutes } from './routes.ts';
