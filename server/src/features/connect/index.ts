// The connect feature's front door: what the rest of the server may use of it.
export { connectRoutes } from './connect.routes.ts';
export type { ConnectDeps } from './connect-deps.ts';
