import type { IncomingMessage, ServerResponse } from 'node:http';
import * as appExtensionAuth from '@storyblok/app-extension-auth';
import type { Region } from '../../storyblok-access/index.ts';

// The package's .d.ts re-exports through extensionless paths that `nodenext` resolution cannot follow, so its
// exports look missing to TypeScript. These are the shapes of version 2.2.1 (dist/storyblok-auth-api and
// dist/session), limited to what Polyblok uses.

export interface AuthHandlerParams {
  clientId: string;
  clientSecret: string;
  /** Absolute https origin without a query: the library builds its redirect URI from it. */
  baseUrl: string;
  endpointPrefix: string | undefined;
  successCallback?: string;
  /** Always set: without it, 2.2.1 writes `Location: undefined` and throws inside its listener. */
  errorCallback: string;
  storyblokApiBaseUrl?: string;
}

/** What the library keeps after a successful callback (signed, in a cookie named `<space>:<user>:sb.auth`). */
export interface AppSession {
  spaceId: number;
  userId: number;
  appClientId: string;
  userName: string;
  spaceName: string;
  roles: string[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
  refreshToken: string;
  accessToken: string;
  region: Region;
}

interface AppSessionStore {
  get(keys: { spaceId: string | number; userId: string | number }): Promise<AppSession | undefined>;
  remove(keys: { spaceId: string | number; userId: string | number }): Promise<boolean>;
}

const library = appExtensionAuth as unknown as {
  /** Typed as a Node listener; 2.2.1's is an async function, whose rejection is the failure to catch. */
  authHandler(params: AuthHandlerParams): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  getSessionStore(
    params: AuthHandlerParams,
  ): (request: { req: IncomingMessage; res: ServerResponse }) => AppSessionStore;
};

/**
 * The library's handler for `…/storyblok` (start) and `…/callback`. It answers every request with a redirect
 * itself; when it fails before it could (an OAuth server that answers nonsense at sign-in leaves it without a
 * target and it throws), the person lands on the error callback instead of a hung or broken request.
 */
export function storyblokAuthHandler(
  params: AuthHandlerParams,
  onFailure: (error: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handle = library.authHandler(params);
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      onFailure(error);
      if (!res.headersSent) res.writeHead(302, { Location: params.errorCallback }).end();
    }
  };
}

/** The install the callback just stored, removed from the browser at once: its tokens live sealed in the database. */
export async function takeAppSession(
  params: AuthHandlerParams,
  req: IncomingMessage,
  res: ServerResponse,
  keys: { spaceId: string; userId: string },
): Promise<AppSession | null> {
  const store = library.getSessionStore(params)({ req, res });
  const session = await store.get(keys);
  await store.remove(keys);
  return session ?? null;
}
