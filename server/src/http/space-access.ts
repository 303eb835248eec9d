import { hasRole, roleWithArticle, type Role } from '#contract/roles.ts';
import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { ApiTokenScope } from './auth-info.ts';

/**
 * The space a request names: its id, null when what it names does not exist, or a subquery answering the id
 * from what it names (a story's, a language's), which the membership check runs in its own statement.
 */
export type SpaceRef = number | null | { spaceIdSql: Prisma.Sql };

interface Standing {
  spaceId: number;
  membership: { id: number; role: Role; status: string } | null;
}

/** The space a request names and the caller's membership of it, in one statement; null: no such space. */
async function standingIn(prisma: Database, userId: string, ref: SpaceRef): Promise<Standing | null> {
  if (ref === null || (typeof ref === 'number' && !Number.isSafeInteger(ref))) return null;
  const space = typeof ref === 'number' ? Prisma.sql`SELECT ${ref}::int` : ref.spaceIdSql;
  const [row] = await prisma.$queryRaw<
    Array<{ space_id: number; id: number | null; role: Role | null; status: string | null }>
  >`
    SELECT s.space_id, m.id, m.role::text AS role, m.status::text AS status
    FROM (${space}) AS s(space_id)
    LEFT JOIN memberships m ON m.space_id = s.space_id AND m.user_id = ${userId}::uuid
    LIMIT 1`;
  if (!row || row.space_id === null) return null;
  return {
    spaceId: row.space_id,
    membership: row.id === null ? null : { id: row.id, role: row.role!, status: row.status! },
  };
}

/** The caller's standing in the space a route acts on, once the guard has let them through. */
export interface SpaceMember {
  spaceId: number;
  membershipId: number;
  role: Role;
}

export function spaceNotFound(): AppError {
  return new AppError('not_found', 'Space not found. Please check you have right to access this space.');
}

/**
 * The space check of every space route: the caller must have joined the space (otherwise the space does not
 * exist for them: 404, so ids of other teams' spaces reveal nothing) and hold at least the route's role.
 * Read on every request, so a revoked member or a changed role takes effect at once. A personal API token
 * reaches only its own spaces (any other answers as if it did not exist) and acts there with the lower of its
 * role and its user's.
 */
export async function requireMember(
  prisma: Database,
  userId: string,
  space: SpaceRef,
  minRole: Role,
  apiToken?: ApiTokenScope,
): Promise<SpaceMember> {
  const standing = await standingIn(prisma, userId, space);
  if (!standing || (apiToken && !apiToken.spaceIds.includes(standing.spaceId))) throw spaceNotFound();
  const { spaceId, membership } = standing;
  if (!membership || membership.status !== 'joined') throw spaceNotFound();
  const role = apiToken && !hasRole(apiToken.role, membership.role) ? apiToken.role : membership.role;
  if (!hasRole(role, minRole)) {
    throw new AppError(
      'forbidden',
      role === membership.role
        ? `Your role in this space (${role}) does not allow this. Ask an admin of the space.`
        : `This API token acts as ${roleWithArticle(role)} in this space, which does not allow this. Create a token with a higher role.`,
    );
  }
  return { spaceId, membershipId: membership.id, role };
}

/**
 * The check of the routes that answer an invitation: the caller's own `invited` membership of the space.
 * Anyone else (no membership, already joined, only a request) has no invitation here to answer.
 */
export async function requireInvitation(
  prisma: Database,
  userId: string,
  space: SpaceRef,
  apiToken?: ApiTokenScope,
): Promise<SpaceMember> {
  const standing = await standingIn(prisma, userId, space);
  const membership =
    standing && (!apiToken || apiToken.spaceIds.includes(standing.spaceId)) ? standing.membership : null;
  if (!standing || !membership || membership.status !== 'invited') {
    throw new AppError(
      'not_found',
      'You have no pending invitation to this space (it may have been revoked, or already accepted or declined).',
    );
  }
  return { spaceId: standing.spaceId, membershipId: membership.id, role: membership.role };
}
