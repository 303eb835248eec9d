// The health feature's front door: what the rest of the server may use of it.
export { healthRoutes } from './health.routes.ts';
export { healthListener } from './health-listener.ts';
