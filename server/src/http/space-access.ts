import { hasRole, roleWithArticle, type Role } from '#contract/roles.ts';
import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { ApiTokenScope } from './auth-info.ts';

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
  spaceId: number | null,
  minRole: Role,
  apiToken?: ApiTokenScope,
): Promise<SpaceMember> {
  if (spaceId === null || !Number.isSafeInteger(spaceId)) throw spaceNotFound();
  if (apiToken && !apiToken.spaceIds.includes(spaceId)) throw spaceNotFound();
  const membership = await prisma.membership.findUnique({
    where: { spaceId_userId: { spaceId, userId } },
    select: { id: true, role: true, status: true },
  });
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
  spaceId: number | null,
  apiToken?: ApiTokenScope,
): Promise<SpaceMember> {
  const membership =
    spaceId !== null && Number.isSafeInteger(spaceId) && (!apiToken || apiToken.spaceIds.includes(spaceId))
      ? await prisma.membership.findUnique({
          where: { spaceId_userId: { spaceId, userId } },
          select: { id: true, role: true, status: true },
        })
      : null;
  if (!membership || membership.status !== 'invited') {
    throw new AppError(
      'not_found',
      'You have no pending invitation to this space (it may have been revoked, or already accepted or declined).',
    );
  }
  return { spaceId: spaceId!, membershipId: membership.id, role: membership.role };
}
