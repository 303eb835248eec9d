import type { StoryDetail } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { writeBackStateOf } from '../write-back/index.ts';
import { localeByCode } from './content-scope.ts';
import { editingNow } from './presence.service.ts';
import { askForImport } from './story-import-state.ts';
import { readStoryKeys } from './story-keys.ts';

/** A story with every translatable key in the editor's order, its status and translation in the locale. */
export async function getStoryDetail(
  prisma: Database,
  storyId: number,
  localeCode: string,
  userId: string,
): Promise<StoryDetail> {
  const node = await prisma.storyNode.findUnique({
    where: { id: storyId },
    select: {
      id: true,
      spaceId: true,
      storyblokId: true,
      isFolder: true,
      name: true,
      slug: true,
      fullSlug: true,
      published: true,
      unpublishedChanges: true,
      storyblokUpdatedAt: true,
      contentHash: true,
      importError: true,
      importErrorAt: true,
      skippedComponents: true,
      parentId: true,
    },
  });
  if (!node || node.isFolder)
    throw new AppError('not_found', 'This story is not in the space (it may have been deleted in Storyblok).');
  const locale = await localeByCode(prisma, node.spaceId, localeCode);
  // Independent reads, each on a connection of its own where the pool has them.
  const [importing, keys, writeBack, editing] = await Promise.all([
    askForImport(prisma, node.spaceId, node),
    readStoryKeys(prisma, { id: locale.id, spaceId: node.spaceId }, storyId),
    writeBackStateOf(prisma, storyId, locale.id),
    editingNow(prisma, storyId, userId),
  ]);
  const count = (status: string) => keys.filter((key) => key.status === status).length;
  return {
    id: node.id,
    storyblok_id: Number(node.storyblokId),
    name: node.name,
    slug: node.slug,
    full_slug: node.fullSlug,
    published: node.published,
    unpublished_changes: node.unpublishedChanges,
    storyblok_updated_at: node.storyblokUpdatedAt?.toISOString() ?? null,
    space_id: node.spaceId,
    space_locale_id: locale.id,
    counts: {
      all: keys.length,
      missing: count('missing'),
      unverified: count('unverified'),
      completed: count('verified'),
      requested: count('translation_requested'),
    },
    translatable_keys: keys,
    import_problem:
      node.importError !== null
        ? { reason: node.importError, at: (node.importErrorAt ?? new Date()).toISOString() }
        : null,
    importing,
    skipped_components: node.skippedComponents,
    editing_now: editing,
    write_back: writeBack,
    folder_id: node.parentId,
  };
}
