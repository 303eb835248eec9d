import { describe, expect, it } from 'vitest';
import type { AuthClient } from './auth-client.ts';
import { createAuthedApiClient } from './authed-api-client.ts';

/** Just the two auth-js calls the API client makes, with a token that changes on refresh. */
function fakeAuth(options: { refreshSucceeds: boolean }) {
  let token: string | null = 'token-1';
  let refreshes = 0;
  const auth = {
    getSession: async () => ({ data: { session: token ? { access_token: token } : null }, error: null }),
    refreshSession: async () => {
      refreshes += 1;
      if (!options.refreshSucceeds) {
        token = null;
        return { data: { session: null, user: null }, error: new Error('Invalid Refresh Token') };
      }
      token = `token-${refreshes + 1}`;
      return { data: { session: { access_token: token }, user: {} }, error: null };
    },
  } as unknown as AuthClient;
  return { auth, refreshes: () => refreshes };
}

const healthy = { status: 'ok', version: '1', database: { status: 'up', kind: 'pglite' }, queue: { status: 'up' } };

function recordingFetch(statuses: number[]) {
  const seen: (string | null)[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    seen.push(new Headers(init?.headers).get('authorization'));
    const status = statuses.shift() ?? 200;
    const body = status === 200 ? healthy : { code: 'unauthorized', message: 'Sign in again.' };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

describe('createAuthedApiClient', () => {
  it('sends the current access token as a bearer token', async () => {
    const { auth } = fakeAuth({ refreshSucceeds: true });
    const { fetch, seen } = recordingFetch([200]);
    await createAuthedApiClient(auth, { fetch }).call('getHealth', {});
    expect(seen).toEqual(['Bearer token-1']);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const { auth, refreshes } = fakeAuth({ refreshSucceeds: true });
    const { fetch, seen } = recordingFetch([401, 200]);
    await expect(createAuthedApiClient(auth, { fetch }).call('getHealth', {})).resolves.toMatchObject({ status: 'ok' });
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(refreshes()).toBe(1);
  });

  it('gives up after one retry, and does not retry when the refresh fails', async () => {
    const twice = fakeAuth({ refreshSucceeds: true });
    const first = recordingFetch([401, 401]);
    await expect(createAuthedApiClient(twice.auth, { fetch: first.fetch }).call('getHealth', {})).rejects.toMatchObject(
      {
        status: 401,
        code: 'unauthorized',
      },
    );
    expect(first.seen).toHaveLength(2);

    const refused = fakeAuth({ refreshSucceeds: false });
    const second = recordingFetch([401]);
    await expect(
      createAuthedApiClient(refused.auth, { fetch: second.fetch }).call('getHealth', {}),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(second.seen).toEqual(['Bearer token-1']);
  });
});
