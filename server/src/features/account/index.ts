// The account feature's front door: what the rest of the server may use of it.
export { meRoutes } from './me.routes.ts';
export { apiTokensRoutes } from './api-tokens.routes.ts';
