import { GoTrueClient, type SupportedStorage } from '@supabase/auth-js';

export type AuthClient = GoTrueClient;

export const DEFAULT_AUTH_STORAGE_KEY = 'polyblok-auth';

export interface AuthClientOptions {
  /** Base URL of the GoTrue-compatible service: the site's origin and `AUTH_BASE_PATH` of the route table. */
  url: string;
  /** Where the session is kept in storage; hosts on the same origin need different keys. */
  storageKey?: string;
  /** Storage for the session; the browser's localStorage when absent. */
  storage?: SupportedStorage;
  /** Read a session from the URL fragment (confirmation and recovery links); off in embedded hosts. */
  detectSessionInUrl?: boolean;
}

// Two clients on one storage key race each other's refreshes (auth-js warns about it), and React's
// StrictMode runs initializers twice, so a host asking again gets the client it already has.
const clients = new Map<string, GoTrueClient>();

/**
 * The auth client for one host: implicit flow, because confirmation and recovery links come back
 * with the session in the URL fragment; auto-refresh and retries are auth-js's own.
 */
export function createAuthClient(options: AuthClientOptions): AuthClient {
  const storageKey = options.storageKey ?? DEFAULT_AUTH_STORAGE_KEY;
  const cacheKey = `${storageKey} ${options.url}`;
  const existing = clients.get(cacheKey);
  if (existing) return existing;
  const client = new GoTrueClient({
    url: options.url,
    storageKey,
    storage: options.storage,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: options.detectSessionInUrl ?? true,
    flowType: 'implicit',
  });
  clients.set(cacheKey, client);
  return client;
}
