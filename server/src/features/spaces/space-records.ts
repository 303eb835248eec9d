import type { SyncStatus } from '#contract/space-connect.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SealedCredentials, StoryblokSpace } from '../../storyblok-access/index.ts';
import { startSync } from '../sync/index.ts';
import { newWebhookSecret } from '../webhooks/index.ts';
import { scheduleWriteBack } from '../write-back/index.ts';

interface RecordDeps {
  prisma: Database;
  secretBox: SecretBox;
  queue: Pick<JobQueue, 'send'>;
}

/**
 * Writes a newly connected space: its languages from Storyblok, the connecting user as its owner and the audit
 * row, in one transaction. Answers null when another request connected the same Storyblok space a moment
 * earlier (the unique Storyblok id refused this one), so the caller can join that space instead.
 */
export async function insertConnectedSpace(
  deps: Omit<RecordDeps, 'queue'>,
  remote: StoryblokSpace,
  credentials: SealedCredentials,
  userId: string,
  via?: string,
): Promise<number | null> {
  try {
    return await deps.prisma.$transaction(async (tx) => {
      const space = await tx.space.create({
        data: {
          name: remote.name,
          storyblokSpaceId: BigInt(remote.id),
          region: remote.region,
          defaultLocaleName: remote.defaultLangName,
          previewToken: remote.previewToken,
          ...credentials,
          webhookSecretEncrypted: newWebhookSecret(deps.secretBox, remote.id),
        },
        select: { id: true },
      });
      if (remote.languages.length > 0) {
        await tx.spaceLocale.createMany({
          data: remote.languages.map((language) => ({
            spaceId: space.id,
            code: language.code,
            name: language.name || language.code,
          })),
          skipDuplicates: true,
        });
      }
      await tx.membership.create({
        data: { spaceId: space.id, userId, role: 'owner', status: 'joined' },
        select: { id: true },
      });
      await tx.auditEvent.create({
        data: { spaceId: space.id, actorId: userId, action: 'space.connected', data: via ? { via } : undefined },
        select: { id: true },
      });
      return space.id;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
    throw error;
  }
}

/**
 * After a space got a working token again: the audit row, the writes that stopped on the old token go out
 * again, and a sync picks up whatever changed meanwhile.
 */
export async function resumeWithNewToken(
  deps: Omit<RecordDeps, 'secretBox'>,
  spaceId: number,
  userId: string,
  via?: string,
): Promise<SyncStatus> {
  await deps.prisma.auditEvent.create({
    data: { spaceId, actorId: userId, action: 'token.replaced', data: via ? { via } : undefined },
    select: { id: true },
  });
  const stalled = await deps.prisma.storyWriteBack.findMany({
    where: { status: { in: ['failed', 'pending'] }, story: { spaceId } },
    select: { storyId: true },
  });
  await scheduleWriteBack(
    deps,
    stalled.map((row) => row.storyId),
  );
  return startSync(deps, spaceId, 'manual', userId);
}
