import type { Database } from '../../db/prisma.ts';
import { isPrismaDataError, sqlStateOf } from '../../db/sql-state.ts';
import { AppError } from '../../errors.ts';

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
