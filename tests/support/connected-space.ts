import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { createAccount, uniqueEmail } from './auth-client.ts';
import type { TestServer } from './test-server.ts';

export interface ConnectedSpace {
  api: ApiClient;
  userId: string;
  spaceId: number;
}

/** A new account that connected a Storyblok space through the API and waited for its first sync. */
export async function connectSpace(
  server: TestServer,
  storyblok: { storyblokSpaceId: number; pat: string },
  prefix = 'owner',
): Promise<ConnectedSpace> {
  const session = await createAccount(server, uniqueEmail(prefix));
  const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
  const { id } = await api.call('createSpace', {
    body: { space_id: storyblok.storyblokSpaceId, personal_access_token: storyblok.pat },
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await api.call('getSyncStatus', { params: { id } });
    if (status.status === 'completed') return { api, userId: session.user.id, spaceId: id };
    if (status.status === 'failed') throw new Error(`the first sync failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the first sync did not finish in time');
}

/** A new account that connected the basic fixture's space through the API and waited for its first sync. */
export function connectBasicSpace(server: TestServer, prefix = 'owner'): Promise<ConnectedSpace> {
  return connectSpace(server, { storyblokSpaceId: basicFixture.spaceId, pat: basicFixture.pat }, prefix);
}
