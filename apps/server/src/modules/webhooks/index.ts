// The published face of the webhooks module (issue 35): what the composition root uses. Other modules record
// events through lib/webhooks/outbox.ts, never through this module.
export { webhookCandidateData } from './candidate-data.ts';
export { registerWebhookDelivery, webhookDeliveryDeps } from './handlers.ts';
export { webhookRoutes } from './routes.ts';
