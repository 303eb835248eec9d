import type { Database } from '../../db/prisma.ts';
import type { StoryblokAccess } from '../../storyblok-access/index.ts';
import { readComponents } from '../../storyblok-content/component-schema.ts';
import { fromStorable } from '../../storyblok-content/storable-text.ts';
import { refreshCounts } from '../content/index.ts';
import { importStoryOrNoteProblem } from './story-content.ts';
import { linkStoryTree, upsertStoryNodes } from './story-tree.ts';

export interface StorySyncDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
}

/** 'failed': the story's content could not be imported; the story says why, and every sync tries it again. */
export type StorySyncOutcome = 'updated' | 'unchanged' | 'removed' | 'failed';

/**
 * Brings one story up to date (a webhook, the poll, the panel's "Sync this story now"): its place in the tree,
 * its keys and the translations Storyblok holds. A story Storyblok no longer has is removed. The component
 * schemas of the last full sync are used; a story needing a newer schema is caught by the next full sync.
 */
export async function syncOneStory(
  deps: StorySyncDeps,
  spaceId: number,
  storyblokStoryId: number,
): Promise<StorySyncOutcome> {
  const { prisma } = deps;
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: {
      locales: { select: { id: true, code: true } },
      components: { select: { name: true, schema: true } },
    },
  });
  const story = await deps.storyblok.forSpace(spaceId).findStory(storyblokStoryId);
  if (!story) {
    const { count } = await prisma.storyNode.deleteMany({ where: { spaceId, storyblokId: BigInt(storyblokStoryId) } });
    if (count > 0) await refreshCounts(prisma, spaceId, []);
    return count > 0 ? 'removed' : 'unchanged';
  }
  const before = await prisma.storyNode.findUnique({
    where: { spaceId_storyblokId: { spaceId, storyblokId: BigInt(storyblokStoryId) } },
    select: { storyblokParentId: true },
  });
  const stale = await upsertStoryNodes(prisma, spaceId, [story]);
  // Relinking walks the whole space's tree: done only when the story is new or moved, not on every edit.
  const parentId = story.parent_id ? BigInt(story.parent_id) : null;
  if (!before || before.storyblokParentId !== parentId) await linkStoryTree(prisma, spaceId);
  if (story.is_folder) return stale.length > 0 ? 'updated' : 'unchanged';
  const node = await prisma.storyNode.findUniqueOrThrow({
    where: { spaceId_storyblokId: { spaceId, storyblokId: BigInt(storyblokStoryId) } },
    select: { id: true },
  });
  const components = readComponents(
    space.components.map((component) => ({ name: component.name, schema: fromStorable(component.schema) })),
  );
  const result = await importStoryOrNoteProblem(prisma, {
    spaceId,
    nodeId: node.id,
    content: story.content,
    slugs: story,
    components,
    locales: space.locales,
  });
  // The import brought the story's counts, and the totals they add to, up to date.
  if ('failed' in result) return 'failed';
  return result.changed ? 'updated' : 'unchanged';
}
