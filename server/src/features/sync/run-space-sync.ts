import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Logger } from '../../logger.ts';
import type { SpaceStoryblok, StoryblokAccess, StoryblokStory } from '../../storyblok-access/index.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { refreshCounts } from '../content/index.ts';
import { syncDatasources } from './datasource-sync.ts';
import { refreshComponents, refreshSpaceMeta } from './space-meta.ts';
import { importStoryOrNoteProblem, type LocaleRef, type StoryImportResult } from './story-content.ts';
import { listTree, saveProgress } from './list-tree.ts';
import { takeNextToRead } from './read-order.ts';
import { linkStoryTree, removeVanishedNodes, type NodeToRead } from './story-tree.ts';
import { readCheckpoint, type SyncCheckpoint } from './sync-checkpoint.ts';
import { tableStatistics } from './table-statistics.ts';

export interface SyncDeps {
  prisma: Database;
  storyblok: StoryblokAccess;
  logger: Logger;
  perPage?: number;
  /** Stories read between two saved checkpoints. */
  batchSize?: number;
  signal?: AbortSignal;
}

/**
 * Runs (or resumes) one full sync of a space: the space and its languages, the component schemas, the
 * story tree page by page, then the content of every story that changed. Idempotent: with nothing changed
 * in Storyblok it writes nothing. A refused token ends it with a `token_issue` error (the job records why).
 */
export async function runSpaceSync(deps: SyncDeps, runId: string): Promise<void> {
  const { prisma } = deps;
  const run = await prisma.syncRun.findUnique({
    where: { id: runId },
    select: { spaceId: true, status: true, checkpoint: true },
  });
  if (!run || run.status === 'completed' || run.status === 'failed' || run.status === 'cancelled') return;
  const spaceId = run.spaceId;
  await prisma.syncRun.update({
    where: { id: runId },
    data: { status: 'running', startedAt: new Date() },
    select: { id: true },
  });
  const storyblok = deps.storyblok.forSpace(spaceId);
  const remote = await storyblok.getSpace();
  const { locales, missingInStoryblok } = await refreshSpaceMeta(prisma, spaceId, remote);
  const components = await refreshComponents(prisma, spaceId, await storyblok.listComponents());
  const checkpoint = readCheckpoint(run.checkpoint);
  if (checkpoint.phase === 'tree') {
    const perPage = deps.perPage ?? 100;
    await listTree({ prisma, runId, spaceId, storyblok, perPage, signal: deps.signal }, checkpoint);
  }
  await readChangedStories(deps, { runId, spaceId, storyblok, components, locales }, checkpoint);
  if (checkpoint.listing !== 'changes') {
    checkpoint.report.storiesRemoved = await removeConfirmedVanished(deps, { spaceId, storyblok }, checkpoint.seen);
  }
  const datasources = await syncDatasources(prisma, storyblok, spaceId, deps.signal);
  checkpoint.report.datasourcesRead = datasources.datasourcesRead;
  checkpoint.report.datasourcesFailed = datasources.datasourcesFailed;
  checkpoint.report.keysAdded += datasources.keysAdded;
  checkpoint.report.translationsImported += datasources.translationsImported;
  await linkStoryTree(prisma, spaceId);
  await refreshCounts(prisma, spaceId, []);
  await prisma.$transaction([
    prisma.syncRun.update({
      where: { id: runId },
      data: {
        status: 'completed',
        finishedAt: new Date(),
        report: { ...checkpoint.report, missingLanguages: missingInStoryblok } as Prisma.InputJsonValue,
      },
      select: { id: true },
    }),
    prisma.space.update({
      where: { id: spaceId },
      data: { syncedAt: new Date(), syncBatchId: null },
      select: { id: true },
    }),
  ]);
}

/** Marks the run failed with the reason and frees the space for the next sync. */
export async function finishFailed(prisma: Database, runId: string, spaceId: number, message: string): Promise<void> {
  await prisma.$transaction([
    prisma.syncRun.update({
      where: { id: runId },
      data: { status: 'failed', error: message, finishedAt: new Date() },
      select: { id: true },
    }),
    prisma.space.update({ where: { id: spaceId }, data: { syncBatchId: null }, select: { id: true } }),
  ]);
}

interface RunScope {
  runId: string;
  spaceId: number;
  storyblok: SpaceStoryblok;
}

async function readChangedStories(
  deps: SyncDeps,
  scope: RunScope & { components: Map<string, ComponentSpec>; locales: LocaleRef[] },
  checkpoint: SyncCheckpoint,
): Promise<void> {
  const batchSize = deps.batchSize ?? 20;
  const total = checkpoint.seen.length + checkpoint.toRead.length + checkpoint.report.storiesRead;
  let shown = Date.now();
  const statistics = tableStatistics(deps.prisma);
  while (checkpoint.toRead.length > 0) {
    deps.signal?.throwIfAborted();
    const remaining = [...checkpoint.toRead];
    const changed: number[] = [];
    let added = 0;
    let ahead: Promise<ReadAhead> | null = readAhead(deps.prisma, scope, remaining);
    for (let read = 0; read < batchSize && ahead; read += 1) {
      const { target, story: reading } = await ahead;
      const story = await reading;
      // The next story is asked for while this one is imported, each within the token's rate.
      ahead = read + 1 < batchSize && remaining.length > 0 ? readAhead(deps.prisma, scope, remaining) : null;
      checkpoint.report.storiesRead += 1;
      if (!story) continue;
      const result = await importStoryOrNoteProblem(deps.prisma, {
        spaceId: scope.spaceId,
        nodeId: target.nodeId,
        content: story.content,
        slugs: story,
        components: scope.components,
        locales: scope.locales,
      });
      // Each story's counts were brought up to date with its import (failed or not); the space's totals are
      // recomputed once, at the end of the run.
      if ('failed' in result) {
        checkpoint.report.storiesFailed = (checkpoint.report.storiesFailed ?? 0) + 1;
        changed.push(target.nodeId);
        continue;
      }
      if (result.changed) changed.push(target.nodeId);
      added += result.keysAdded + result.translationsImported;
      addReport(checkpoint, result);
      shown = await showProgress(deps.prisma, scope.runId, total - remaining.length, shown);
    }
    checkpoint.toRead = remaining;
    checkpoint.changedStoryIds.push(...changed);
    await saveProgress(deps.prisma, scope.runId, checkpoint, total - checkpoint.toRead.length, total);
    await statistics.grew(added);
  }
}

interface ReadAhead {
  target: NodeToRead;
  story: Promise<StoryblokStory | null>;
}

/**
 * Takes the next story to read and asks Storyblok for it. Its failure is kept for the loop to meet when it gets
 * there, so that a failure while an import runs is not a stray rejection.
 */
function readAhead(prisma: Database, scope: RunScope, remaining: NodeToRead[]): Promise<ReadAhead> {
  const next = takeNextToRead(prisma, scope.spaceId, remaining).then((target) => {
    const story = scope.storyblok.findStory(target.storyblokId);
    story.catch(() => {});
    return { target, story };
  });
  next.catch(() => {});
  return next;
}

/**
 * The checkpoint is saved every batch; the progress bar moves more often, at most four times a second, so a
 * slow Storyblok or a batch of big stories never looks stuck.
 */
async function showProgress(prisma: Database, runId: string, done: number, shownAt: number): Promise<number> {
  if (Date.now() - shownAt < 250) return shownAt;
  await prisma.syncRun.update({ where: { id: runId }, data: { done }, select: { id: true } });
  return Date.now();
}

function addReport(checkpoint: SyncCheckpoint, result: StoryImportResult): void {
  const report = checkpoint.report;
  report.keysAdded += result.keysAdded;
  report.keysChanged += result.keysChanged;
  report.keysRemoved += result.keysRemoved;
  report.translationsImported += result.translationsImported;
  for (const [component, count] of Object.entries(result.skippedComponents)) {
    report.skippedComponents[component] = (report.skippedComponents[component] ?? 0) + count;
  }
}

/**
 * A node missing from the listing is removed only once Storyblok confirms the story is gone: a story
 * deleted during the listing shifts the pages, and a story skipped that way must not lose its translations.
 */
async function removeConfirmedVanished(
  deps: SyncDeps,
  scope: Omit<RunScope, 'runId'>,
  seen: number[],
): Promise<number> {
  const seenSet = new Set(seen);
  const candidates = await deps.prisma.storyNode.findMany({
    where: { spaceId: scope.spaceId, kind: 'story' },
    select: { storyblokId: true },
  });
  const keep = [...seenSet];
  for (const node of candidates) {
    const id = Number(node.storyblokId);
    if (seenSet.has(id)) continue;
    if (await scope.storyblok.findStory(id)) keep.push(id);
  }
  return removeVanishedNodes(deps.prisma, scope.spaceId, keep);
}
