import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { queueDatasourceSync, queueStorySync } from '../sync/index.ts';
import { newWebhookSecret, openWebhookSecret } from './webhook-secret.ts';

/** A datasource's entries changed: the space's datasources are read again. */
const datasourceActions = new Set(['entries_updated', 'datasource.entries_updated']);

/** Story events that change what Polyblok holds; anything else is acknowledged and ignored. */
const storyActions = new Set([
  'published',
  'unpublished',
  'deleted',
  'moved',
  'story.published',
  'story.unpublished',
  'story.deleted',
  'story.moved',
]);

export interface WebhookDeps {
  prisma: Database;
  secretBox: SecretBox;
  queue: Pick<JobQueue, 'send'>;
}

const refused = () => new AppError('unauthorized', 'The webhook signature is not valid for this space.');

function signatureMatches(secret: string, raw: Buffer, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha1', secret).update(raw).digest('hex'));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The same delivery again within this window costs no second sync. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Records a delivery by its signature and body; false when the same one came within the window. One statement,
 * so of two processes receiving it at once only one gets true. Storyblok's story payload carries no time, so a
 * second publish of a story within the window looks the same as a repeat: the ten-minute poll by updated_at
 * brings that change in.
 */
async function firstDelivery(deps: WebhookDeps, spaceId: number, raw: Buffer, signature: string): Promise<boolean> {
  const digest = createHash('sha256').update(signature.trim().toLowerCase()).update('\n').update(raw).digest('hex');
  const now = new Date();
  const stale = new Date(now.getTime() - REPEAT_WINDOW_MS);
  const claimed = await deps.prisma.$queryRaw<unknown[]>`
    INSERT INTO webhook_deliveries (space_id, digest, received_at) VALUES (${spaceId}, ${digest}, ${now})
    ON CONFLICT (space_id, digest) DO UPDATE SET received_at = EXCLUDED.received_at
      WHERE webhook_deliveries.received_at <= ${stale}
    RETURNING space_id`;
  await deps.prisma.webhookDelivery.deleteMany({ where: { receivedAt: { lte: stale } } });
  return claimed.length > 0;
}

/**
 * A webhook from Storyblok: the signature must match the space's secret over the exact body received (an
 * unknown space and a bad signature get the same answer). A story event queues that story's sync, a datasource's
 * a read of the space's datasources, once for the same delivery within ten minutes.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  input: {
    raw: Buffer | undefined;
    signature: string | undefined;
    action: string;
    storyblokSpaceId: number;
    storyId?: number;
  },
): Promise<{ accepted: boolean }> {
  const space = await deps.prisma.space.findUnique({
    where: { storyblokSpaceId: BigInt(input.storyblokSpaceId) },
    select: { id: true, storyblokSpaceId: true, webhookSecretEncrypted: true, hasTokenIssue: true },
  });
  if (!space?.webhookSecretEncrypted || !input.raw || !input.signature) throw refused();
  const secret = openWebhookSecret(deps.secretBox, space.storyblokSpaceId, space.webhookSecretEncrypted);
  if (!signatureMatches(secret, input.raw, input.signature)) throw refused();
  const storyId = storyActions.has(input.action) ? input.storyId : undefined;
  const datasources = datasourceActions.has(input.action);
  if ((!storyId && !datasources) || space.hasTokenIssue) return { accepted: false };
  if (datasources) {
    // Its payload is the same for every edit of the datasource, so a repeat cannot be told from a second edit:
    // each is read, and events while a read waits make one.
    await queueDatasourceSync(deps.queue, space.id);
    return { accepted: true };
  }
  if (!(await firstDelivery(deps, space.id, input.raw, input.signature))) return { accepted: false };
  await queueStorySync(deps.queue, space.id, storyId!);
  return { accepted: true };
}

/** The webhook address and secret an admin enters in Storyblok; a space without a secret gets one now. */
export async function webhookSettings(
  deps: WebhookDeps,
  siteUrl: string,
  spaceId: number,
): Promise<{ url: string; secret: string }> {
  const space = await deps.prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { storyblokSpaceId: true, webhookSecretEncrypted: true },
  });
  let sealed = space.webhookSecretEncrypted;
  if (!sealed) {
    sealed = newWebhookSecret(deps.secretBox, Number(space.storyblokSpaceId));
    await deps.prisma.space.update({
      where: { id: spaceId },
      data: { webhookSecretEncrypted: sealed },
      select: { id: true },
    });
  }
  return {
    url: `${siteUrl}/api/webhooks/storyblok`,
    secret: openWebhookSecret(deps.secretBox, space.storyblokSpaceId, sealed),
  };
}
