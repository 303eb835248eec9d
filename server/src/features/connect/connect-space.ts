import type { Role } from '#contract/roles.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { insertConnectedSpace, resumeWithNewToken } from '../spaces/index.ts';
import { startSync } from '../sync/index.ts';

export interface SpaceConnectDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
  /** Seals the webhook secret of a newly connected space. */
  secretBox: SecretBox;
  queue: Pick<JobQueue, 'send'>;
}

/** An app install's grant for one Storyblok space. */
export interface InstallGrant {
  storyblokSpaceId: number;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /** The installing user's roles in the Storyblok space ("admin", "editor", custom role names). */
  roles: string[];
}

/**
 * The Polyblok role of a Storyblok collaborator joining through the panel: Storyblok's admins administer the
 * Polyblok space as well; everyone else (editors, custom roles) translates. Admins promote further in Polyblok.
 */
export function roleFromStoryblok(roles: string[]): Role {
  return roles.some((role) => ['admin', 'owner'].includes(role.trim().toLowerCase())) ? 'admin' : 'translator';
}

const sealedGrant = (deps: SpaceConnectDeps, grant: InstallGrant) =>
  deps.storyblok.sealInstallTokens(grant.storyblokSpaceId, grant);

/**
 * The Polyblok space of the Storyblok space the app was installed in, with the user a joined member of it.
 * A space seen for the first time is connected with the install's token (sealed, refreshed before it lapses)
 * and the installing user owns it, as whoever connects a space does. A known space keeps a working personal
 * access token an admin gave it; an OAuth token, a missing one or one that stopped working is replaced.
 */
export async function connectInstalledSpace(
  deps: SpaceConnectDeps,
  grant: InstallGrant,
  userId: string,
): Promise<number> {
  const existing = await deps.prisma.space.findUnique({
    where: { storyblokSpaceId: BigInt(grant.storyblokSpaceId) },
    select: { id: true },
  });
  if (!existing) {
    const created = await createOAuthSpace(deps, grant, userId);
    if (created !== null) return created;
  }
  const space = await deps.prisma.space.findUniqueOrThrow({
    where: { storyblokSpaceId: BigInt(grant.storyblokSpaceId) },
    select: { id: true, tokenKind: true, tokenEncrypted: true, hasTokenIssue: true },
  });
  if (space.tokenKind === 'oauth' || !space.tokenEncrypted || space.hasTokenIssue) {
    await deps.storyblok.storeCredentials(space.id, sealedGrant(deps, grant));
    if (space.hasTokenIssue) await resumeWithNewToken(deps, space.id, userId, 'storyblok_app');
  }
  await joinSpace(deps.prisma, space.id, userId, roleFromStoryblok(grant.roles));
  return space.id;
}

/** The new space, or null when another request connected the same space a moment earlier. */
async function createOAuthSpace(deps: SpaceConnectDeps, grant: InstallGrant, userId: string): Promise<number | null> {
  const remote = await deps.storyblok
    .withToken({ kind: 'oauth', token: grant.accessToken })
    .getSpace(grant.storyblokSpaceId);
  const spaceId = await insertConnectedSpace(deps, remote, sealedGrant(deps, grant), userId, 'storyblok_app');
  if (spaceId === null) return null;
  await startSync(deps, spaceId, 'initial', userId);
  return spaceId;
}

/**
 * Makes the user a joined member. Storyblok vouches for them (they opened the space there), so an invitation
 * or a pending request to join turns into membership. A role given in Polyblok is kept; a request (which has
 * no role chosen by anyone) takes the role from Storyblok.
 */
async function joinSpace(prisma: Database, spaceId: number, userId: string, role: Role): Promise<void> {
  const membership = await prisma.membership.findUnique({
    where: { spaceId_userId: { spaceId, userId } },
    select: { id: true, status: true },
  });
  if (membership?.status === 'joined') return;
  if (membership) {
    await prisma.membership.update({
      where: { id: membership.id },
      data: { status: 'joined', ...(membership.status === 'requesting' ? { role } : {}) },
      select: { id: true },
    });
  } else {
    try {
      await prisma.membership.create({ data: { spaceId, userId, role, status: 'joined' }, select: { id: true } });
    } catch (error) {
      // The same user installing twice at once: the other request made the membership.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
  }
  await prisma.auditEvent.create({
    data: { spaceId, actorId: userId, action: 'member.joined', data: { via: 'storyblok_app' } },
    select: { id: true },
  });
}
