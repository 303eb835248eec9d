import type { StoryListItem } from '../../storyblok-access/index.ts';
import type { Database } from '../../db/prisma.ts';
import { canonicalJson } from '../../storyblok-content/content-hash.ts';
import { toStorableText } from '../../storyblok-content/storable-text.ts';
import { publicationOf } from '../content/index.ts';
import { breathe } from './batches.ts';

export interface NodeToRead {
  nodeId: number;
  storyblokId: number;
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

function nodeFields(item: StoryListItem) {
  return {
    uuid: item.uuid ?? null,
    name: toStorableText(item.name),
    slug: toStorableText(item.slug),
    fullSlug: toStorableText(item.full_slug),
    isFolder: item.is_folder,
    isStartpage: item.is_startpage,
    published: item.published,
    unpublishedChanges: item.unpublished_changes,
    contentType: item.content_type ?? null,
    position: item.position,
    storyblokParentId: item.parent_id ? BigInt(item.parent_id) : null,
    storyblokUpdatedAt: date(item.updated_at),
    publishedAt: date(item.published_at),
    // A list read without each language's publication leaves the stored one as it is.
    ...(item.translated_stories ? { translatedStories: publicationOf(item.translated_stories) } : {}),
  };
}

type NodeFields = ReturnType<typeof nodeFields>;

function sameFields(stored: { [field in keyof NodeFields]-?: unknown }, incoming: NodeFields): boolean {
  return (Object.keys(incoming) as Array<keyof NodeFields>).every((field) => {
    const a = stored[field];
    const b = incoming[field];
    if (field === 'translatedStories') return canonicalJson(a) === canonicalJson(b);
    if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
    return a === b;
  });
}

/**
 * Brings one page of Storyblok's story list into the tree. Only what changed is written, so a sync of an
 * unchanged space writes nothing. Returns the stories whose content must be read (new, or edited since).
 */
export async function upsertStoryNodes(
  prisma: Database,
  spaceId: number,
  items: StoryListItem[],
): Promise<NodeToRead[]> {
  const stored = await prisma.storyNode.findMany({
    where: { spaceId, storyblokId: { in: items.map((item) => BigInt(item.id)) } },
    select: {
      id: true,
      storyblokId: true,
      contentHash: true,
      importError: true,
      uuid: true,
      name: true,
      slug: true,
      fullSlug: true,
      isFolder: true,
      isStartpage: true,
      published: true,
      unpublishedChanges: true,
      contentType: true,
      position: true,
      storyblokParentId: true,
      storyblokUpdatedAt: true,
      publishedAt: true,
      translatedStories: true,
    },
  });
  const byStoryblokId = new Map(stored.map((node) => [Number(node.storyblokId), node]));
  // A page's new stories go in one statement: one each would hold the embedded database's thread for the page.
  const fresh = items.filter((item) => !byStoryblokId.has(item.id));
  const created =
    fresh.length === 0
      ? []
      : await prisma.storyNode.createManyAndReturn({
          data: fresh.map((item) => ({ spaceId, storyblokId: BigInt(item.id), ...nodeFields(item) })),
          select: { id: true, storyblokId: true },
        });
  const createdIds = new Map(created.map((node) => [Number(node.storyblokId), node.id]));
  const toRead: NodeToRead[] = [];
  for (const item of items) {
    const existing = byStoryblokId.get(item.id);
    if (!existing) {
      if (!item.is_folder) toRead.push({ nodeId: createdIds.get(item.id)!, storyblokId: item.id });
      continue;
    }
    const fields = nodeFields(item);
    // A story whose last import failed is read again by every sync, whether or not it changed since.
    const contentStale =
      existing.storyblokUpdatedAt?.getTime() !== fields.storyblokUpdatedAt?.getTime() ||
      existing.contentHash === null ||
      existing.importError !== null;
    if (!sameFields(existing, fields)) {
      await prisma.storyNode.update({ where: { id: existing.id }, data: fields, select: { id: true } });
      await breathe();
    }
    if (!item.is_folder && contentStale) toRead.push({ nodeId: existing.id, storyblokId: item.id });
  }
  return toRead;
}

/**
 * Links each node to its parent by Storyblok's parent id (a parent missing from the space leaves the node at
 * the root), then recomputes the ancestor paths that changed.
 */
export async function linkStoryTree(prisma: Database, spaceId: number): Promise<void> {
  await prisma.$executeRaw`
    UPDATE story_nodes c SET parent_id = p.id
    FROM story_nodes c2
    LEFT JOIN story_nodes p ON p.space_id = c2.space_id AND p.storyblok_id = c2.storyblok_parent_id AND p.is_folder
    WHERE c.id = c2.id AND c.space_id = ${spaceId} AND c.parent_id IS DISTINCT FROM p.id`;
  // Paths run from the root down to the node itself: "/<root id>/.../<own id>/". Nodes caught in a parent
  // cycle (bad data) are unreachable from a root and keep the path they had.
  await prisma.$executeRaw`
    WITH RECURSIVE tree AS (
      SELECT id, '/' || id || '/' AS path FROM story_nodes WHERE space_id = ${spaceId} AND parent_id IS NULL
      UNION ALL
      SELECT c.id, t.path || c.id || '/' FROM story_nodes c JOIN tree t ON c.parent_id = t.id
    )
    UPDATE story_nodes n SET path = tree.path FROM tree WHERE n.id = tree.id AND n.path <> tree.path`;
}

/** Removes the stories and folders Storyblok no longer has (their keys and translations go with them). */
export async function removeVanishedNodes(
  prisma: Database,
  spaceId: number,
  seenStoryblokIds: number[],
): Promise<number> {
  const { count } = await prisma.storyNode.deleteMany({
    where: { spaceId, kind: 'story', storyblokId: { notIn: seenStoryblokIds.map((id) => BigInt(id)) } },
  });
  return count;
}
