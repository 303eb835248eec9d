import type { ApiToken } from '#contract/api-tokens.ts';
import { MAX_ACTIVE_API_TOKENS } from '#contract/api-token-rules.ts';
import { hasRole, type Role } from '#contract/roles.ts';
import type { Clock } from '../../clock.ts';
import { recordAuditEvent } from '../../db/audit-events.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { newApiTokenSecret } from '../auth/index.ts';

export interface ApiTokenDeps {
  prisma: Database;
  clock: Clock;
}

const tokenSelect = {
  id: true,
  name: true,
  role: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
  spaces: { select: { space: { select: { id: true, name: true } } }, orderBy: { spaceId: 'asc' } },
} as const;

interface TokenRow {
  id: string;
  name: string;
  role: Role;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  spaces: { space: { id: number; name: string } }[];
}

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    spaces: row.spaces.map(({ space }) => ({ id: space.id, name: space.name })),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The user's tokens, newest first, revoked ones too: the profile shows what each was and when it stopped. */
export async function listApiTokens(deps: ApiTokenDeps, userId: string): Promise<{ tokens: ApiToken[] }> {
  const rows = await deps.prisma.apiToken.findMany({
    where: { userId },
    select: tokenSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  return { tokens: rows.map(toApiToken) };
}

export interface NewApiToken {
  name: string;
  space_ids: number[];
  role: Role;
  expires_at?: string | null;
}

/**
 * A token for the chosen spaces, with a role no higher than the user's own in each of them. The secret is in the
 * answer once; the table keeps its hash.
 */
export async function createApiToken(
  deps: ApiTokenDeps,
  userId: string,
  input: NewApiToken,
): Promise<{ token: ApiToken; secret: string }> {
  const spaceIds = [...new Set(input.space_ids)];
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= deps.clock.now()) {
    throw new AppError('invalid_request', 'The expiry date must lie in the future.', {
      details: [{ path: 'body.expires_at', message: 'Must lie in the future' }],
    });
  }
  const memberships = await deps.prisma.membership.findMany({
    where: { userId, spaceId: { in: spaceIds }, status: 'joined' },
    select: { spaceId: true, role: true },
  });
  // A space the user is not a member of answers as any unknown space does.
  if (memberships.length !== spaceIds.length) {
    throw new AppError('not_found', 'Space not found. Please check you have right to access this space.');
  }
  const below = memberships.find((membership) => !hasRole(membership.role, input.role));
  if (below) {
    throw new AppError(
      'forbidden',
      `A token cannot have a higher role than yours: you are ${below.role} in one of the chosen spaces.`,
    );
  }
  const active = await deps.prisma.apiToken.count({
    where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date(deps.clock.now()) } }] },
  });
  if (active >= MAX_ACTIVE_API_TOKENS) {
    throw new AppError('conflict', `You have ${MAX_ACTIVE_API_TOKENS} active tokens: revoke one you no longer use.`);
  }
  const { secret, hash } = newApiTokenSecret();
  const row = await deps.prisma.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        userId,
        name: input.name,
        tokenHash: hash,
        role: input.role,
        expiresAt,
        createdAt: new Date(deps.clock.now()),
        spaces: { create: spaceIds.map((spaceId) => ({ spaceId })) },
      },
      select: tokenSelect,
    });
    for (const spaceId of spaceIds) {
      await recordAuditEvent(tx, {
        spaceId,
        actorId: userId,
        action: 'api_token.created',
        targetType: 'api_token',
        targetId: created.id,
        data: { name: created.name, role: created.role },
      });
    }
    return created;
  });
  return { token: toApiToken(row), secret };
}

/** Revokes one of the user's tokens at once; revoking it again changes nothing. */
export async function revokeApiToken(deps: ApiTokenDeps, userId: string, tokenId: string): Promise<ApiToken> {
  return deps.prisma.$transaction(async (tx) => {
    const token = await tx.apiToken.findFirst({ where: { id: tokenId, userId }, select: tokenSelect });
    if (!token) throw new AppError('not_found', 'This API token does not exist (or is not yours).');
    if (token.revokedAt) return toApiToken(token);
    const revoked = await tx.apiToken.update({
      where: { id: tokenId },
      data: { revokedAt: new Date(deps.clock.now()) },
      select: tokenSelect,
    });
    for (const { space } of token.spaces) {
      await recordAuditEvent(tx, {
        spaceId: space.id,
        actorId: userId,
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: tokenId,
        data: { name: token.name },
      });
    }
    return toApiToken(revoked);
  });
}
