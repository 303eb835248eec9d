// The webhooks feature's front door: what the rest of the server may use of it.
export { newWebhookSecret } from './webhook-secret.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
