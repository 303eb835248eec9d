import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema, urlIntegerSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

/** One administrative event of a space: what happened ("language.added"), who did it, when, and a short detail. */
export const auditEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  /** The member's display name (or e-mail); null for what Polyblok or Storyblok did on its own. */
  actor_name: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** For a member the event is about: their display name (or e-mail). */
  target_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  at: z.iso.datetime({ offset: true }),
});

export type AuditEvent = z.infer<typeof auditEventSchema>;

export const MAX_AUDIT_PAGE = 100;

/** The space's administrative events, newest first, a page at a time: `before` is the last event of the page seen. */
export const getAuditLog = defineEndpoint('getAuditLog', {
  params: spaceParamsSchema,
  query: z.object({
    before: z.uuid().optional(),
    limit: urlIntegerSchema(1, MAX_AUDIT_PAGE, `Must be a whole number from 1 to ${MAX_AUDIT_PAGE}`).default(50),
  }),
  response: z.object({ events: z.array(auditEventSchema), next_before: z.uuid().nullable() }),
  role: leastRoleFor.settings,
});
