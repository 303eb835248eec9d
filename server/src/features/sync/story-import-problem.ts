import type { Database } from '../../db/prisma.ts';
import { isPrismaDataError, sqlStateOf } from '../../db/sql-state.ts';
import { AppError } from '../../errors.ts';
import { refreshStoryCounts } from '../content/index.ts';

/**
 * Why a story's own content could not be imported, in words for Settings and the story; null when the failure
 * is about something other than this story (Storyblok, the database going away, a shutdown), which stops the
 * run so that it is retried. PostgreSQL refusing the data (SQLSTATE class 22, data exception, or 54, a limit
 * exceeded) and content our code cannot walk (too deep, malformed) are the story's; the rest of the space's
 * sync goes on without it, and the next sync tries it again.
 */
export function storyImportProblem(error: unknown): string | null {
  if (error instanceof AppError) return null;
  const state = sqlStateOf(error);
  if (state?.startsWith('22') || state?.startsWith('54')) {
    return `The database refused part of its content (PostgreSQL error ${state}). Polyblok tries again on every sync; changing the story in Storyblok may help.`;
  }
  if (state !== null) return null;
  if (isPrismaDataError(error)) {
    return 'Part of its content cannot be stored as it is. Polyblok tries again on every sync; changing the story in Storyblok may help.';
  }
  if (error instanceof RangeError) {
    return 'Its content is nested too deeply to read. Polyblok tries again on every sync.';
  }
  if (error instanceof TypeError || error instanceof SyntaxError) {
    return `Its content has a shape Polyblok cannot read (${error.message}). Polyblok tries again on every sync.`;
  }
  return null;
}

/** Notes on the story why its import failed; cleared by the next import that succeeds. */
export async function recordImportProblem(prisma: Database, nodeId: number, reason: string): Promise<void> {
  await prisma.storyNode.updateMany({
    where: { id: nodeId },
    data: { importError: reason, importErrorAt: new Date() },
  });
}

/**
 * Runs an import whose failure must not stop what else is being synced: a failure caused by the node's own content
 * (a story's, a datasource's) is noted on it (Settings and the node show it) and answered as `{ failed }`; any
 * other failure (Storyblok, the database, a shutdown) is thrown.
 */
export async function importOrNoteProblem<T>(
  prisma: Database,
  node: { spaceId: number; nodeId: number },
  work: () => Promise<T>,
): Promise<T | { failed: string }> {
  try {
    return await work();
  } catch (error) {
    const reason = storyImportProblem(error);
    if (reason === null) throw error;
    await recordImportProblem(prisma, node.nodeId, reason);
    // The node may have come in part of the way: its counts say what it holds.
    await refreshStoryCounts(prisma, node.spaceId, [node.nodeId]);
    return { failed: reason };
  }
}
