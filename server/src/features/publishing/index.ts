// The publishing feature's front door: what the rest of the server may use of it.
export { publishingRoutes } from './publishing.routes.ts';
