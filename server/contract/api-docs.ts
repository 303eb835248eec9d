import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The OpenAPI 3.1 document of the whole HTTP contract, generated from these schemas (`/api/docs` shows it). */
export const getApiDocument = defineEndpoint('getApiDocument', {
  response: z.record(z.string(), z.unknown()),
});
