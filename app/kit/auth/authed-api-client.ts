import { createApiClient, type ApiClient } from '../api/api-client.ts';
import type { AuthClient } from './auth-client.ts';

export interface AuthedApiClientOptions {
  /** Origin of the Polyblok API; empty when the page is served by the API itself. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/**
 * The product API client for a signed-in host: each request carries the current access token
 * (auth-js refreshes it when it is about to expire), and a 401 gets one refresh and one retry.
 */
export function createAuthedApiClient(auth: AuthClient, options: AuthedApiClientOptions = {}): ApiClient {
  return createApiClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    getAccessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
    onUnauthorized: async () => {
      // A refresh token the service refuses signs the user out (SIGNED_OUT), which sends them to /login.
      const { data, error } = await auth.refreshSession();
      return !error && data.session !== null;
    },
  });
}
