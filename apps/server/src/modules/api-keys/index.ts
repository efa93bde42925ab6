// The published face of the api-keys module (docs/layers.md).
export { apiKeyRoutes } from './routes.ts';
