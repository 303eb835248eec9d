import type { Database } from '../../db/prisma.ts';
import type { NodeToRead } from './story-tree.ts';

/**
 * Takes the next story to read out of `remaining`: one someone opened while it waited its turn (the oldest
 * such wish first), else the next in listing order. The wish is a mark on the story's row, so it reaches the
 * sync whichever process took the request; marks of stories this run will not read are cleared with it.
 */
export async function takeNextToRead(prisma: Database, spaceId: number, remaining: NodeToRead[]): Promise<NodeToRead> {
  const wanted = await prisma.storyNode.findMany({
    where: { spaceId, importWantedAt: { not: null } },
    select: { id: true },
    orderBy: [{ importWantedAt: 'asc' }, { id: 'asc' }],
  });
  let index = 0;
  const cleared: number[] = [];
  for (const { id } of wanted) {
    const found = remaining.findIndex((target) => target.nodeId === id);
    cleared.push(id);
    if (found >= 0) {
      index = found;
      break;
    }
  }
  if (cleared.length > 0) {
    await prisma.storyNode.updateMany({ where: { id: { in: cleared } }, data: { importWantedAt: null } });
  }
  const [next] = remaining.splice(index, 1);
  return next!;
}
