import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { createAccount, uniqueEmail } from './auth-client.ts';
import type { TestServer } from './test-server.ts';

export interface ConnectedSpace {
  api: ApiClient;
  /** The owner's bearer token, for calls made without the API client. */
  accessToken: string;
  userId: string;
  spaceId: number;
}

/**
 * A new account that connected a Storyblok space through the API and waited for its first sync. Its address is
 * a fresh one with the prefix, unless the test needs a fixed one.
 */
export async function connectSpace(
  server: TestServer,
  storyblok: { storyblokSpaceId: number; pat: string },
  prefix = 'owner',
  email = uniqueEmail(prefix),
): Promise<ConnectedSpace> {
  const session = await createAccount(server, email);
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  const { id } = await api.call('createSpace', {
    body: { space_id: storyblok.storyblokSpaceId, personal_access_token: storyblok.pat },
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id } });
    if (status.status === 'completed')
      return { api, accessToken: session.access_token, userId: session.user.id, spaceId: id };
    if (status.status === 'failed') throw new Error(`the first sync failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the first sync did not finish in time');
}

/** A new account that connected the basic fixture's space through the API and waited for its first sync. */
export function connectBasicSpace(server: TestServer, prefix = 'owner', email?: string): Promise<ConnectedSpace> {
  return connectSpace(server, { storyblokSpaceId: basicFixture.spaceId, pat: basicFixture.pat }, prefix, email);
}

/** Polyblok's id of a story it imported, by the story's Storyblok id. */
export async function storyNodeId(prisma: TestServer['prisma'], spaceId: number, storyblokId: number): Promise<number> {
  const node = await prisma.storyNode.findFirstOrThrow({
    where: { spaceId, storyblokId: BigInt(storyblokId) },
    select: { id: true },
  });
  return node.id;
}
