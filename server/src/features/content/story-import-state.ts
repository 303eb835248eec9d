import type { Database } from '../../db/prisma.ts';

export interface ImportState {
  isFolder: boolean;
  contentHash: string | null;
  importError: string | null;
}

/**
 * A story is still being imported while the sync running in its space has listed it but not read its content
 * yet (a story whose import failed says so instead).
 */
export function stillImporting(node: ImportState, spaceSyncing: boolean): boolean {
  return spaceSyncing && !node.isFolder && node.contentHash === null && node.importError === null;
}

export async function spaceSyncing(prisma: Database, spaceId: number): Promise<boolean> {
  const space = await prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { syncBatchId: true } });
  return space.syncBatchId !== null;
}

/**
 * Someone opened a story the running sync has not read yet: the mark on its row makes the sync read it next,
 * whichever process runs the sync (the mark lives in the database, not in a process).
 */
export async function askForImport(prisma: Database, spaceId: number, node: ImportState & { id: number }) {
  // Only a story without content asks whether the space syncs.
  if (!stillImporting(node, true) || !(await spaceSyncing(prisma, spaceId))) return false;
  await prisma.storyNode.updateMany({
    where: { id: node.id, importWantedAt: null },
    data: { importWantedAt: new Date() },
  });
  return true;
}
