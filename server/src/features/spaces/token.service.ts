import type { SyncStatus } from '#contract/space-connect.ts';
import { AppError } from '../../errors.ts';
import type { SpaceDeps } from './space-deps.ts';
import { resumeWithNewToken } from './space-records.ts';

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
  const remote = await deps.storyblok.withToken({ kind: 'personal', token }).getSpace(storyblokSpaceId);
  if (remote.id !== storyblokSpaceId) throw new AppError('invalid_token', 'Invalid personal access token');
  await deps.storyblok.storeCredentials(spaceId, deps.storyblok.sealPersonalToken(storyblokSpaceId, token));
  return resumeWithNewToken(deps, spaceId, userId);
}
