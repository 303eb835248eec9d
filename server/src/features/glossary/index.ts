// The glossary feature's front door: what the rest of the server may use of it.
export { glossaryRoutes } from './glossary.routes.ts';
export { glossaryFor } from './locale-glossary.ts';
