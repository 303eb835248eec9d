import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthResponseSchema = z.object({
  /** ok when every dependency is up; degraded when the queue is down; down when the database is. */
  status: z.enum(['ok', 'degraded', 'down', 'stopping']),
  version: z.string(),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['pglite', 'postgres']),
  }),
  queue: z.object({
    status: z.enum(['up', 'down']),
  }),
  /** While the database is down, what every other endpoint answers then: `database_unavailable` and why. */
  code: z.literal('database_unavailable').optional(),
  message: z.string().optional(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const getHealth = defineEndpoint('getHealth', {
  response: healthResponseSchema,
  alsoStatuses: [503],
});
