import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { SpaceStoryblok, StoryListItem } from '../../storyblok-access/index.ts';
import { linkStoryTree, upsertStoryNodes, type NodeToRead } from './story-tree.ts';
import { readCheckpoint, type SyncCheckpoint } from './sync-checkpoint.ts';

export interface ListScope {
  prisma: Database;
  runId: string;
  spaceId: number;
  storyblok: SpaceStoryblok;
  perPage: number;
  signal?: AbortSignal;
}

/**
 * Storyblok's clock and ours may differ: an edit is looked for this long before the last listing began, so a
 * story saved while that listing ran is never taken for one it already saw.
 */
const CLOCK_MARGIN_MS = 10 * 60 * 1000;

export async function saveProgress(
  prisma: Database,
  runId: string,
  checkpoint: SyncCheckpoint,
  done: number,
  total?: number,
): Promise<void> {
  await prisma.syncRun.update({
    where: { id: runId },
    data: {
      checkpoint: checkpoint as unknown as Prisma.InputJsonValue,
      done,
      ...(total === undefined ? {} : { total }),
    },
    select: { id: true },
  });
}

/**
 * Brings the tree up to date. After a completed sync only what was edited since is listed, newest edit first
 * (one request when nothing changed); the whole listing is read on a first sync, and whenever the edits alone
 * cannot tell the truth: Storyblok counts other stories than Polyblok has (a story deleted or restored), or a
 * folder changed (a rename or a move changes the paths of everything below it without touching it).
 */
export async function listTree(scope: ListScope, checkpoint: SyncCheckpoint): Promise<void> {
  if (checkpoint.lastPage === 0 && !checkpoint.listingStartedAt) {
    checkpoint.listingStartedAt = new Date().toISOString();
    const since = await lastListingStart(scope.prisma, scope.spaceId);
    if (since && (await listChanges(scope, checkpoint, since))) return;
  }
  await listEverything(scope, checkpoint);
}

async function listEverything(scope: ListScope, checkpoint: SyncCheckpoint): Promise<void> {
  checkpoint.listing = 'full';
  for (let page = checkpoint.lastPage + 1; ; page += 1) {
    scope.signal?.throwIfAborted();
    const { stories, total } = await scope.storyblok.listStories(page, scope.perPage);
    if (stories.length === 0) break;
    const toRead = await upsertStoryNodes(scope.prisma, scope.spaceId, stories);
    checkpoint.seen.push(...stories.map((story) => story.id));
    checkpoint.toRead.push(...toRead);
    checkpoint.lastPage = page;
    const last = page * scope.perPage >= total;
    if (last) checkpoint.phase = 'content';
    // Progress counts listed items and stories still to read, so the bar only moves forward.
    await saveProgress(scope.prisma, scope.runId, checkpoint, checkpoint.seen.length, total + checkpoint.toRead.length);
    if (last) break;
  }
  checkpoint.phase = 'content';
  await linkStoryTree(scope.prisma, scope.spaceId);
}

/** When the listing of the space's last completed sync began, if that sync recorded it. */
async function lastListingStart(prisma: Database, spaceId: number): Promise<number | null> {
  const last = await prisma.syncRun.findFirst({
    where: { spaceId, status: 'completed', storyblokStoryId: null },
    orderBy: { finishedAt: 'desc' },
    select: { checkpoint: true },
  });
  const started = last ? readCheckpoint(last.checkpoint).listingStartedAt : undefined;
  return started ? Date.parse(started) : null;
}

/** Lists the edits made since `since`; false when only the whole listing can bring the tree up to date. */
async function listChanges(scope: ListScope, checkpoint: SyncCheckpoint, since: number): Promise<boolean> {
  const cutoff = since - CLOCK_MARGIN_MS;
  const { edited, total } = await listEditedSince(scope, cutoff);
  // Decided before anything is written: a story taken in here would look unchanged to the whole listing.
  if (!(await changesTellAll(scope, edited, total))) return false;
  const toRead = await upsertStoryNodes(scope.prisma, scope.spaceId, edited);
  checkpoint.listing = 'changes';
  checkpoint.seen = edited.map((story) => story.id);
  checkpoint.toRead = withUnimported(toRead, await unimported(scope));
  checkpoint.phase = 'content';
  await saveProgress(scope.prisma, scope.runId, checkpoint, 0, checkpoint.toRead.length);
  await linkStoryTree(scope.prisma, scope.spaceId);
  return true;
}

/** Newest edit first, page by page, down to the first page reaching back past the cutoff. */
async function listEditedSince(scope: ListScope, cutoff: number): Promise<{ edited: StoryListItem[]; total: number }> {
  const edited: StoryListItem[] = [];
  for (let page = 1; ; page += 1) {
    scope.signal?.throwIfAborted();
    const answer = await scope.storyblok.listStories(page, scope.perPage, 'updated_at:desc');
    edited.push(...answer.stories);
    const oldest = answer.stories.at(-1)?.updated_at;
    if (answer.stories.length < scope.perPage || !oldest || Date.parse(oldest) < cutoff) {
      return { edited, total: answer.total };
    }
  }
}

/**
 * The edits alone bring the tree up to date when Storyblok counts exactly the stories Polyblok has plus the new
 * ones, and no folder changed.
 */
async function changesTellAll(scope: ListScope, edited: StoryListItem[], total: number): Promise<boolean> {
  const stored = await scope.prisma.storyNode.findMany({
    where: { spaceId: scope.spaceId, storyblokId: { in: edited.map((item) => BigInt(item.id)) } },
    select: { storyblokId: true, storyblokUpdatedAt: true },
  });
  const storedAt = new Map(stored.map((node) => [Number(node.storyblokId), node.storyblokUpdatedAt?.getTime()]));
  const folderChanged = edited.some(
    (item) =>
      item.is_folder &&
      storedAt.has(item.id) &&
      storedAt.get(item.id) !== (item.updated_at ? Date.parse(item.updated_at) : undefined),
  );
  if (folderChanged) return false;
  const added = new Set(edited.filter((item) => !storedAt.has(item.id)).map((item) => item.id)).size;
  const known = await scope.prisma.storyNode.count({ where: { spaceId: scope.spaceId, kind: 'story' } });
  return known + added === total;
}

/** Stories whose content was never imported or failed to import: every sync reads them, edited or not. */
async function unimported(scope: ListScope): Promise<NodeToRead[]> {
  const nodes = await scope.prisma.storyNode.findMany({
    where: {
      spaceId: scope.spaceId,
      kind: 'story',
      isFolder: false,
      OR: [{ contentHash: null }, { importError: { not: null } }],
    },
    select: { id: true, storyblokId: true },
    orderBy: { id: 'asc' },
  });
  return nodes.map((node) => ({ nodeId: node.id, storyblokId: Number(node.storyblokId) }));
}

function withUnimported(toRead: NodeToRead[], more: NodeToRead[]): NodeToRead[] {
  const listed = new Set(toRead.map((target) => target.nodeId));
  return [...toRead, ...more.filter((target) => !listed.has(target.nodeId))];
}
