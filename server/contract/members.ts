import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { spaceParamsSchema } from './ids.ts';
import { leastRoleFor } from './roles.ts';
import { DEFAULT_INVITE_ROLE } from './member-rules.ts';
import {
  INVITE_EMAIL_INVALID,
  INVITE_EMAIL_MAX,
  INVITE_EMAIL_REQUIRED,
  INVITE_EMAIL_TOO_LONG,
} from './invite-rules.ts';
import { roleSchema, spaceUserSchema } from './spaces.ts';

export const inviteEmailSchema = z
  .string()
  .trim()
  .min(1, INVITE_EMAIL_REQUIRED)
  .max(INVITE_EMAIL_MAX, INVITE_EMAIL_TOO_LONG)
  .pipe(z.email(INVITE_EMAIL_INVALID));

/** The member as the members page lists them, plus what the invite did. */
export const inviteResult = z.object({
  user: spaceUserSchema,
  /** false when the address was already a member or invited: nothing changed. */
  invited: z.boolean(),
  message: z.string(),
});

/**
 * Invites by e-mail with a role (default translator). An unknown address gets an account without a password and
 * an e-mail that leads through /set-password; inviting an address that is already in the space changes nothing.
 */
export const inviteUser = defineEndpoint('inviteUser', {
  params: spaceParamsSchema,
  body: z.object({ email: inviteEmailSchema, role: roleSchema.default(DEFAULT_INVITE_ROLE) }),
  response: inviteResult,
  role: leastRoleFor.members,
});

const memberChange = z.object({ user: spaceUserSchema });

/** The invited user joins the space (their own invited membership; no role needed yet). */
export const acceptInvite = defineEndpoint('acceptInvite', {
  params: spaceParamsSchema,
  response: memberChange,
});

/** The invited user declines; the invitation is gone. */
export const declineInvite = defineEndpoint('declineInvite', {
  params: spaceParamsSchema,
  response: z.object({ removed: z.literal(true) }),
});

/** Joined: revoke access; invited: revoke the invitation; requesting: reject the request. */
export const revokeUser = defineEndpoint('revokeUser', {
  params: spaceParamsSchema,
  body: z.object({ user_id: z.uuid('Choose a member of this space') }),
  response: z.object({ removed: z.literal(true), previous_status: z.enum(['joined', 'invited', 'requesting']) }),
  role: leastRoleFor.members,
});

/** Lets a user who asked to join (status requesting) in, with a role (default translator). */
export const approveRequest = defineEndpoint('approveRequest', {
  params: spaceParamsSchema,
  body: z.object({ user_id: z.uuid('Choose a member of this space'), role: roleSchema.default(DEFAULT_INVITE_ROLE) }),
  response: memberChange,
  role: leastRoleFor.members,
});

/** Admins change roles up to admin; only an owner makes or unmakes owners and admins. The last owner stays. */
export const changeRole = defineEndpoint('changeRole', {
  params: spaceParamsSchema,
  body: z.object({ user_id: z.uuid('Choose a member of this space'), role: roleSchema }),
  response: memberChange,
  role: leastRoleFor.members,
});
