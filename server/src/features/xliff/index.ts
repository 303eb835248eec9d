// The XLIFF feature's front door: what the rest of the server may use of it.
export { xliffRoutes } from './xliff.routes.ts';
