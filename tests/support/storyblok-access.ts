import { resolveSecrets } from '#server/boot/secrets.ts';
import { createSecretBox } from '#server/crypto/secret-box.ts';
import type { Database } from '#server/db/prisma.ts';
import { loadEnv } from '#server/env.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { createStoryblokAccess, type SpaceStoryblok, type StoryblokAccess } from '#server/storyblok-access/index.ts';
import type { RetryPolicy } from '#server/storyblok-access/resilient-fetch.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Polyblok's own door to Storyblok, for tests that drive sync and write-back directly on a bare database. Its
 * queue is real but never started: the spaces of these tests have no admins to e-mail.
 */
export function storyblokAccessOn(
  database: TestDatabase,
  prisma: Database,
  mapiUrl: string,
  options: { requestsPerSecond?: number; retryPolicy?: RetryPolicy } = {},
): StoryblokAccess {
  const { secrets } = resolveSecrets(loadEnv({ NODE_ENV: 'test' }), null);
  return createStoryblokAccess({
    prisma,
    queue: createJobQueue({ driver: database.driver, prisma, logger: createLogger({ level: 'silent' }) }),
    secretBox: createSecretBox(secrets.keyRing),
    siteUrl: () => 'http://localhost:3000',
    mapiUrl,
    requestsPerSecond: options.requestsPerSecond ?? 500,
    sharedBudget: database.driver.target.kind === 'postgres',
    retryPolicy: options.retryPolicy,
    app: null,
  });
}

/** A space row connected to a Storyblok space by a personal access token, as connecting one by token makes it. */
export async function connectedSpaceRow(
  prisma: Database,
  storyblok: StoryblokAccess,
  space: { name: string; storyblokSpaceId: number; token: string },
): Promise<number> {
  const row = await prisma.space.create({
    data: {
      name: space.name,
      storyblokSpaceId: BigInt(space.storyblokSpaceId),
      region: 'eu',
      ...storyblok.sealPersonalToken(space.storyblokSpaceId, space.token),
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * The same door with some calls of the space client changed, to make something happen at an exact moment (an
 * editor saving in Storyblok between two reads, a shutdown in the middle of a sync).
 */
export function withSpaceCalls(
  storyblok: StoryblokAccess,
  change: (real: SpaceStoryblok) => Partial<SpaceStoryblok>,
): StoryblokAccess {
  return {
    ...storyblok,
    forSpace(spaceId) {
      const real = storyblok.forSpace(spaceId);
      return { ...real, ...change(real) };
    },
  };
}
