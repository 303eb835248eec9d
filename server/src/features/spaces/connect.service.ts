import type { AvailableSpace } from '#contract/space-connect.ts';
import type { MembershipStatus } from '#contract/member-rules.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { announceRequest } from '../members/index.ts';
import { startSync } from '../sync/index.ts';
import { insertConnectedSpace } from './space-records.ts';
import type { SpaceDeps } from './space-deps.ts';

/** The spaces a personal access token can see, and which of them are already in Polyblok. */
export async function listAvailableSpaces(deps: SpaceDeps, token: string): Promise<AvailableSpace[]> {
  const spaces = await deps.storyblok.withToken({ kind: 'personal', token }).listSpaces();
  const known = await deps.prisma.space.findMany({
    where: { storyblokSpaceId: { in: spaces.map((space) => BigInt(space.id)) } },
    select: { storyblokSpaceId: true },
  });
  const associated = new Set(known.map((space) => Number(space.storyblokSpaceId)));
  return spaces
    .map((space) => ({
      id: space.id,
      name: space.name,
      region: space.region,
      already_associated: associated.has(space.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface CreatedSpace {
  id: number;
  status: MembershipStatus;
  sync_batch_id: string | null;
}

/**
 * Connects a Storyblok space the token can see. The caller owns the new space, its languages come from
 * Storyblok, and the first sync starts. A space another team already connected gets a request to join instead
 * (the token is not kept then: the space works with its own).
 */
export async function createSpace(
  deps: SpaceDeps,
  userId: string,
  storyblokSpaceId: number,
  token: string,
): Promise<CreatedSpace> {
  const remote = await deps.storyblok.withToken({ kind: 'personal', token }).getSpace(storyblokSpaceId);
  const existing = await deps.prisma.space.findUnique({
    where: { storyblokSpaceId: BigInt(remote.id) },
    select: { id: true },
  });
  if (existing) return requestAccess(deps, existing.id, userId);
  const spaceId = await insertConnectedSpace(deps, remote, deps.storyblok.sealPersonalToken(remote.id, token), userId);
  if (spaceId === null) {
    // Someone connected the same space a moment earlier: this becomes a request to join theirs.
    const raced = await deps.prisma.space.findUniqueOrThrow({
      where: { storyblokSpaceId: BigInt(remote.id) },
      select: { id: true },
    });
    return requestAccess(deps, raced.id, userId);
  }
  const sync = await startSync(deps, spaceId, 'initial', userId);
  return { id: spaceId, status: 'joined', sync_batch_id: sync.sync_batch_id };
}

/** Someone already in the space keeps their standing; a new request is recorded and its admins hear of it. */
async function requestAccess(deps: SpaceDeps, spaceId: number, userId: string): Promise<CreatedSpace> {
  const where = { spaceId_userId: { spaceId, userId } };
  const existing = await deps.prisma.membership.findUnique({ where, select: { status: true } });
  if (existing) return { id: spaceId, status: existing.status, sync_batch_id: null };
  try {
    await deps.prisma.membership.create({
      data: { spaceId, userId, role: 'translator', status: 'requesting' },
      select: { id: true },
    });
  } catch (error) {
    // The same request twice at once: the first one stands.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    const raced = await deps.prisma.membership.findUniqueOrThrow({ where, select: { status: true } });
    return { id: spaceId, status: raced.status, sync_batch_id: null };
  }
  await deps.prisma.auditEvent.create({
    data: { spaceId, actorId: userId, action: 'member.requested', targetType: 'user', targetId: userId },
    select: { id: true },
  });
  await announceRequest(deps, spaceId, userId);
  return { id: spaceId, status: 'requesting', sync_batch_id: null };
}
