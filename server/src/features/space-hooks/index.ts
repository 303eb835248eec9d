// The outgoing webhooks feature's front door: what the rest of the server may use of it. (The incoming Storyblok
// webhook is the webhooks feature.)
export { hookTargetsFor, type HookTargetPolicy } from './hook-address.ts';
export type { HookDeps } from './hook-deps.ts';
export { createHookDeliveryJob, createHookSweepJob } from './hook-delivery.job.ts';
export { queueDueDeliveries, sendDueHookEvents } from './hook-queue.ts';
export { spaceHooksRoutes } from './space-hooks.routes.ts';
