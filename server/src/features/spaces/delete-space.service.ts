import { isShownSubscription } from '#contract/billing-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';

/**
 * Deletes the space and everything Polyblok holds of it (the database cascades from the space: languages,
 * stories, keys, translations, asks and runs, glossary, members, usage, write-back state and the space's own
 * audit trail). Storyblok is not called: the Storyblok space, its content and translations stay as they are.
 * Jobs still queued or running for the space find it gone and end without doing anything.
 *
 * The deletion is recorded outside the space (its own events go with it), with what identifies it later.
 */
export async function deleteSpace(prisma: Database, spaceId: number, userId: string): Promise<{ id: number }> {
  const deleted = await prisma.$transaction(async (tx) => {
    const space = await tx.space.findUnique({
      where: { id: spaceId },
      select: { name: true, storyblokSpaceId: true, region: true, subscription: { select: { status: true } } },
    });
    if (!space) return false;
    // Stripe would go on billing a subscription whose space is gone: it is cancelled first, in the portal.
    if (space.subscription && isShownSubscription(space.subscription.status)) {
      throw new AppError(
        'conflict',
        'This space has a subscription: cancel it in the billing portal (Manage subscription) before deleting the space.',
      );
    }
    // deleteMany: a second request racing this one finds nothing to delete instead of failing.
    const { count } = await tx.space.deleteMany({ where: { id: spaceId } });
    if (count === 0) return false;
    await tx.auditEvent.create({
      data: {
        spaceId: null,
        actorId: userId,
        action: 'space.deleted',
        targetType: 'space',
        targetId: String(spaceId),
        data: { name: space.name, storyblok_space_id: space.storyblokSpaceId.toString(), region: space.region },
      },
      select: { id: true },
    });
    return true;
  });
  if (!deleted) throw new AppError('not_found', 'This space is no longer in Polyblok: it has just been deleted.');
  return { id: spaceId };
}
