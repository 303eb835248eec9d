import type { Prisma } from '../generated/prisma/client.ts';
import type { Database, DatabaseTransaction } from './prisma.ts';

export interface AuditRecord {
  spaceId: number;
  /** The member who acted; null for what Polyblok or Storyblok did on its own. */
  actorId: string | null;
  /** What happened, as "<resource>.<verb>": ai_run.started, sync.started ... */
  action: string;
  targetType?: string;
  targetId?: string;
  data?: Prisma.InputJsonObject;
}

/** Adds an administrative event to the space's audit log, in the transaction of the action when given one. */
export async function recordAuditEvent(db: Database | DatabaseTransaction, record: AuditRecord): Promise<void> {
  await db.auditEvent.create({
    data: {
      spaceId: record.spaceId,
      actorId: record.actorId,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      ...(record.data ? { data: record.data } : {}),
    },
    select: { id: true },
  });
}
