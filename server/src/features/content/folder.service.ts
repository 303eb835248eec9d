import type { FolderResponse, StoryListItem } from '#contract/content.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { failedWriteBacks } from '../write-back/index.ts';
import { localeByCode } from './content-scope.ts';
import { spaceSyncing, stillImporting } from './story-import-state.ts';

interface SubtreeCounts {
  id: number;
  keys: number;
  translated: number;
  verified: number;
}

function publication(node: {
  kind: string;
  isFolder: boolean;
  published: boolean;
  unpublishedChanges: boolean;
}): StoryListItem['publication'] {
  if (node.isFolder) return 'folder';
  if (node.kind === 'datasource') return 'datasource';
  if (!node.published) return 'unpublished';
  return node.unpublishedChanges ? 'published_with_changes' : 'published';
}

/**
 * One level of the story tree with what is missing in a locale: a story's own counts, a folder's summed over
 * its whole subtree (by the ancestor path, so nesting depth costs nothing more).
 */
export async function getFolder(
  prisma: Database,
  spaceId: number,
  localeCode: string,
  folderId: number | null,
): Promise<FolderResponse> {
  const locale = await localeByCode(prisma, spaceId, localeCode);
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { name: true } });
  let folder: { name: string; path: string; parent: { id: number; name: string } | null } | null = null;
  if (folderId !== null) {
    folder = await prisma.storyNode.findFirst({
      where: { id: folderId, spaceId, isFolder: true },
      select: { name: true, path: true, parent: { select: { id: true, name: true } } },
    });
    if (!folder)
      throw new AppError(
        'not_found',
        'This folder is not in the space (it may have been moved or deleted in Storyblok).',
      );
  }
  const children = await prisma.storyNode.findMany({
    where: { spaceId, parentId: folderId },
    orderBy: [{ isFolder: 'desc' }, { position: 'asc' }, { name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      slug: true,
      fullSlug: true,
      isFolder: true,
      kind: true,
      isIgnored: true,
      published: true,
      unpublishedChanges: true,
      keyCount: true,
      contentHash: true,
      importError: true,
      stats: { where: { spaceLocaleId: locale.id }, select: { translatedCount: true, verifiedCount: true } },
    },
  });
  const folderIds = children.filter((child) => child.isFolder).map((child) => child.id);
  const subtrees =
    folderIds.length === 0
      ? []
      : await prisma.$queryRaw<SubtreeCounts[]>`
    SELECT f.id,
           coalesce(sum(n.key_count), 0)::int AS keys,
           coalesce(sum(s.translated_count), 0)::int AS translated,
           coalesce(sum(s.verified_count), 0)::int AS verified
    FROM story_nodes f
    JOIN story_nodes n ON n.space_id = f.space_id AND NOT n.is_folder AND starts_with(n.path, f.path)
    LEFT JOIN story_locale_stats s ON s.story_id = n.id AND s.space_locale_id = ${locale.id}
    WHERE f.id = ANY(${folderIds}::int[])
    GROUP BY f.id`;
  const syncing = await spaceSyncing(prisma, spaceId);
  const failed = await failedWriteBacks(
    prisma,
    children.filter((child) => !child.isFolder).map((child) => child.id),
    locale.id,
  );
  const subtreeOf = new Map(subtrees.map((row) => [row.id, row]));
  const stories = children.map((child): StoryListItem => {
    const counts = child.isFolder
      ? (subtreeOf.get(child.id) ?? { keys: 0, translated: 0, verified: 0 })
      : {
          keys: child.keyCount,
          translated: child.stats[0]?.translatedCount ?? 0,
          verified: child.stats[0]?.verifiedCount ?? 0,
        };
    return {
      id: child.id,
      name: child.name,
      slug: child.slug,
      full_slug: child.fullSlug,
      is_folder: child.isFolder,
      is_ignored: child.isIgnored,
      published: child.published,
      unpublished_changes: child.unpublishedChanges,
      publication: publication(child),
      translatable_keys_count: counts.keys,
      missing_translated_keys_count: Math.max(0, counts.keys - counts.translated),
      missing_validated_translated_keys_count: Math.max(0, counts.keys - counts.verified),
      importing: stillImporting(child, syncing),
      write_back_failed: failed.has(child.id),
      write_back_error: failed.get(child.id) ?? null,
    };
  });
  return {
    name: folder?.name ?? space.name,
    parent_id: folder?.parent?.id ?? null,
    parent_name: folder?.parent?.name ?? null,
    total_stories: stories.length,
    breadcrumb: folder ? await breadcrumb(prisma, spaceId, folder.path) : [],
    stories,
  };
}

async function breadcrumb(prisma: Database, spaceId: number, path: string) {
  const ids = path.split('/').filter(Boolean).map(Number);
  const nodes = await prisma.storyNode.findMany({
    where: { spaceId, id: { in: ids } },
    select: { id: true, name: true },
  });
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
