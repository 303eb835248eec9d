import type { SyncStatus } from '#contract/space-connect.ts';
import { AppError } from '../../errors.ts';
import { sealStoryblokToken } from './space-credentials.ts';
import type { SpaceDeps } from './space-deps.ts';
import { resumeWithNewToken } from './space-records.ts';
import { explainStoryblokFailure } from './storyblok-failures.ts';

/**
 * Gives the space a new personal access token. It must see this very space; then the token issue is
 * cleared, stalled write-backs go out again, and a sync starts, picking up whatever changed meanwhile.
 */
export async function replaceSpaceToken(
  deps: SpaceDeps,
  spaceId: number,
  userId: string,
  token: string,
): Promise<SyncStatus> {
  const space = await deps.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { storyblokSpaceId: true },
  });
  const storyblokSpaceId = Number(space.storyblokSpaceId);
  const remote = await deps.storyblok
    .getSpace({ kind: 'personal', token }, storyblokSpaceId)
    .catch(explainStoryblokFailure);
  if (remote.id !== storyblokSpaceId) throw new AppError('invalid_token', 'Invalid personal access token');
  await deps.prisma.space.update({
    where: { id: spaceId },
    data: {
      tokenEncrypted: sealStoryblokToken(deps.secretBox, storyblokSpaceId, token),
      tokenKind: 'personal',
      hasTokenIssue: false,
    },
    select: { id: true },
  });
  return resumeWithNewToken(deps, spaceId, userId);
}
