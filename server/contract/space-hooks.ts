import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { HOOK_TEST_EVENT, HOOK_URL_MAX, hookEventTypes } from './hook-rules.ts';
import { spaceParamsSchema, urlIdSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';

const hookParams = spaceParamsSchema.extend({ hookId: urlIdSchema });
const timestamp = z.iso.datetime({ offset: true });

const hookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address to send events to')
  .max(HOOK_URL_MAX, `The address can have at most ${HOOK_URL_MAX} characters`);
const hookEventsSchema = z
  .array(z.enum(hookEventTypes))
  .min(1, 'Choose at least one event')
  .max(hookEventTypes.length)
  .refine((events) => new Set(events).size === events.length, 'Each event can be chosen once');

export const hookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

export const spaceHookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(hookEventTypes)),
  active: z.boolean(),
  /** Signs every delivery (HMAC-SHA256 of the body, header Polyblok-Signature): the receiver checks with it. */
  secret: z.string(),
  created_at: timestamp,
  /** The newest delivery's outcome; null before the first event. */
  last_delivery: z
    .object({
      status: hookDeliveryStatusSchema,
      status_code: z.number().int().nullable(),
      attempts: z.number().int().nonnegative(),
      at: timestamp,
    })
    .nullable(),
});

export type SpaceHook = z.infer<typeof spaceHookSchema>;

export const hookDeliverySchema = z.object({
  /** The event's id, sent as Polyblok-Event-Id: the same on every retry, so a receiver can skip repeats. */
  id: z.string(),
  event: z.enum([...hookEventTypes, HOOK_TEST_EVENT]),
  status: hookDeliveryStatusSchema,
  attempts: z.number().int().nonnegative(),
  /** The receiver's last HTTP status; null when it was not reached. */
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: timestamp,
  delivered_at: timestamp.nullable(),
  /** When the next attempt is due, while it is pending. */
  next_attempt_at: timestamp.nullable(),
});

export type HookDelivery = z.infer<typeof hookDeliverySchema>;

/** The space's hooks (admins). */
export const listSpaceHooks = defineEndpoint('listSpaceHooks', {
  params: spaceParamsSchema,
  response: z.object({ hooks: z.array(spaceHookSchema) }),
  role: leastRoleFor.settings,
});

/**
 * Registers an address to tell about the space's events (all of them unless `events` says which). Refused with
 * `hook_url_not_allowed` for an address that is not http(s), and in production for one that is not https or
 * leads to a loopback, private or link-local address.
 */
export const createSpaceHook = defineEndpoint('createSpaceHook', {
  params: spaceParamsSchema,
  body: z.object({ url: hookUrlSchema, events: hookEventsSchema.optional() }),
  response: spaceHookSchema,
  status: 201,
  role: leastRoleFor.settings,
});

export const updateSpaceHook = defineEndpoint('updateSpaceHook', {
  params: hookParams,
  body: z
    .object({ url: hookUrlSchema.optional(), events: hookEventsSchema.optional(), active: z.boolean().optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change'),
  response: spaceHookSchema,
  role: leastRoleFor.settings,
});

export const deleteSpaceHook = defineEndpoint('deleteSpaceHook', {
  params: hookParams,
  response: z.object({ id: z.number().int() }),
  role: leastRoleFor.settings,
});

/** The hook's most recent deliveries, newest first (at most HOOK_DELIVERIES_KEPT are kept). */
export const listHookDeliveries = defineEndpoint('listHookDeliveries', {
  params: hookParams,
  response: z.object({ deliveries: z.array(hookDeliverySchema) }),
  role: leastRoleFor.settings,
});

/** Sends the hook a `ping` event now (queued at once; its delivery shows in the list as it goes). */
export const sendHookTestEvent = defineEndpoint('sendHookTestEvent', {
  params: hookParams,
  response: hookDeliverySchema,
  status: 202,
  role: leastRoleFor.settings,
});
