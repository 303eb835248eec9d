import { StoryblokError } from '../../adapters/storyblok/storyblok-error.ts';
import type { StoryblokAuth } from '../../adapters/storyblok/storyblok-types.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';

/** The sealed token is bound to its Storyblok space: copied onto another space's row, it no longer opens. */
const context = (storyblokSpaceId: bigint | number) => `storyblok-token:${storyblokSpaceId}`;

export function sealStoryblokToken(box: SecretBox, storyblokSpaceId: number, token: string): string {
  return box.seal(token, context(storyblokSpaceId));
}

export type AuthFor = (spaceId: number) => Promise<StoryblokAuth>;

/** Opens a space's Storyblok token for one call; a space without a usable token is treated as Storyblok's 401. */
export function createAuthFor(prisma: Database, box: SecretBox): AuthFor {
  return async (spaceId) => {
    const space = await prisma.space.findUniqueOrThrow({
      where: { id: spaceId },
      select: { tokenEncrypted: true, tokenKind: true, storyblokSpaceId: true },
    });
    if (!space.tokenEncrypted) throw new StoryblokError('unauthorized', 401, 'The space has no Storyblok token');
    return { kind: space.tokenKind, token: box.open(space.tokenEncrypted, context(space.storyblokSpaceId)) };
  };
}
