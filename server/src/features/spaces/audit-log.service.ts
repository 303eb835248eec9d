import type { AuditEvent } from '#contract/audit-log.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * The space's administrative events, newest first, `limit` at a time. `before` is the oldest event of the page
 * seen: events of the same instant are ordered by id, so paging neither repeats nor skips one.
 */
export async function getAuditLog(
  prisma: Database,
  spaceId: number,
  query: { before?: string | undefined; limit: number },
): Promise<{ events: AuditEvent[]; next_before: string | null }> {
  let older: Prisma.AuditEventWhereInput = {};
  if (query.before !== undefined) {
    const cursor = await prisma.auditEvent.findFirst({
      where: { id: query.before, spaceId },
      select: { id: true, createdAt: true },
    });
    if (!cursor) throw new AppError('not_found', 'This event is not in the space’s activity. Reload the activity.');
    older = {
      OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
    };
  }
  const rows = await prisma.auditEvent.findMany({
    where: { spaceId, ...older },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    select: {
      id: true,
      action: true,
      targetType: true,
      targetId: true,
      data: true,
      createdAt: true,
      actor: { select: { name: true, email: true } },
    },
  });
  const page = rows.slice(0, query.limit);
  const names = await memberNames(
    prisma,
    page.filter((row) => row.targetType === 'user' && row.targetId !== null).map((row) => row.targetId!),
  );
  return {
    events: page.map((row) => ({
      id: row.id,
      action: row.action,
      actor_name: row.actor ? row.actor.name || row.actor.email : null,
      target_type: row.targetType,
      target_id: row.targetId,
      target_name: row.targetType === 'user' ? (names.get(row.targetId ?? '') ?? null) : null,
      detail: isObject(row.data) ? row.data : null,
      at: row.createdAt.toISOString(),
    })),
    next_before: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** The people events are about, by id: their display name, or their address when they have none. */
async function memberNames(prisma: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true, email: true },
  });
  return new Map(users.map((user) => [user.id, user.name || user.email]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
