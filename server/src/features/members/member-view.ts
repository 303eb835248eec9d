import type { SpaceUser } from '#contract/spaces.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What a member row of the members page is built from. */
export const memberSelect = {
  id: true,
  role: true,
  status: true,
  createdAt: true,
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.MembershipSelect;

export type MemberRow = Prisma.MembershipGetPayload<{ select: typeof memberSelect }>;

export function toSpaceUser(row: MemberRow): SpaceUser {
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    pivot: { status: row.status, role: row.role, created_at: row.createdAt.toISOString() },
  };
}
