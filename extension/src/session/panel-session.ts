import type { PanelSpace } from '#contract/connect.ts';
import type { SupportedStorage } from '@supabase/auth-js';
import type { ApiClient } from '#kit/api/api-client.ts';
import type { AuthClient } from '#kit/auth/auth-client.ts';

/** The panel's auth-js session and its Polyblok space live under these keys of the panel storage. */
export const PANEL_AUTH_KEY = 'polyblok-panel-auth';
const SPACE_KEY = 'polyblok-panel-space';

/** Trades the install's code for a session, hands it to auth-js (which refreshes it from then on) and keeps the space. */
export async function exchangeForSession(
  deps: { api: ApiClient; auth: AuthClient; storage: SupportedStorage },
  code: string,
  verifier: string,
): Promise<PanelSpace> {
  const { session, space } = await deps.api.call('exchangePanelCode', { body: { code, verifier } });
  const { error } = await deps.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (error) throw error;
  await deps.storage.setItem(SPACE_KEY, JSON.stringify(space));
  return space;
}

export async function storedSpace(storage: SupportedStorage): Promise<PanelSpace | null> {
  const raw = await storage.getItem(SPACE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PanelSpace>;
    if (
      typeof value.id === 'number' &&
      typeof value.name === 'string' &&
      typeof value.storyblok_space_id === 'number'
    ) {
      return { id: value.id, name: value.name, storyblok_space_id: value.storyblok_space_id };
    }
  } catch {
    // Written by an older panel or changed by hand: sign in again.
  }
  return null;
}

export async function forgetSpace(storage: SupportedStorage): Promise<void> {
  await storage.removeItem(SPACE_KEY);
}
