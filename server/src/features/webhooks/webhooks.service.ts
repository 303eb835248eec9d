import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { queueStorySync } from '../sync/index.ts';
import { newWebhookSecret, openWebhookSecret } from './webhook-secret.ts';

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

/**
 * A webhook from Storyblok: the signature must match the space's secret over the exact body received (an
 * unknown space and a bad signature get the same answer). A story event queues that story's sync.
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
  if (!storyActions.has(input.action) || !input.storyId || space.hasTokenIssue) return { accepted: false };
  await queueStorySync(deps.queue, space.id, input.storyId);
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
