import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { signUpAndConfirm, uniqueEmail } from './accounts.ts';
import type { E2ESpace, LocalServices } from './local-services.ts';

/** The signed-in user's access token, as the web app keeps it (auth-js session in localStorage). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('polyblok-auth');
    return raw ? (JSON.parse(raw) as { access_token?: string }).access_token : undefined;
  });
  if (!token) throw new Error('the page holds no signed-in session');
  return token;
}

/** A call to the Polyblok API with the page's session, from the test (not through the screens). */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    data: body,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The status the API answers a call with, for calls that are meant to be refused. */
export async function apiStatus(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    data: body,
  });
  return response.status();
}

/** A second person at their own browser: a context of its own, so sessions never mix. */
export async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

/** Connects a space through the API as the signed-in user and waits for its first sync to finish. */
export async function connectSpace(page: Page, space: E2ESpace): Promise<number> {
  const created = await apiCall<{ id: number }>(page, 'POST', '/api/spaces/create', {
    space_id: space.spaceId,
    personal_access_token: space.pat,
  });
  await expect
    .poll(
      async () =>
        (await apiCall<{ status: string | null }>(page, 'GET', `/api/spaces/${created.id}/sync_status`)).status,
      {
        timeout: 30_000,
        message: 'the first sync of the connected space',
      },
    )
    .toBe('completed');
  return created.id;
}

export interface OwnerWithSpace {
  email: string;
  space: E2ESpace;
  /** Polyblok's id of the connected space (the one in /spaces/:spaceId/... URLs). */
  spaceId: number;
}

/**
 * A new account, signed up and confirmed through the screens, that owns a freshly synced copy of the basic
 * space (languages de and fr, six stories). Ends on the spaces list.
 */
export async function ownerWithSpace(page: Page, services: LocalServices, label = 'owner'): Promise<OwnerWithSpace> {
  const email = uniqueEmail(label);
  await signUpAndConfirm(page, email);
  const space = services.takeSpace();
  const spaceId = await connectSpace(page, space);
  await page.goto('/');
  return { email, space, spaceId };
}

/**
 * A running sync's progress is on screen: its bar and its count. At 0 of N the bar's filled section has no width,
 * so the bar is checked as present and the count as shown.
 */
export async function expectSyncProgress(scope: Page | Locator): Promise<void> {
  await expect(scope.getByText('Syncing stories')).toBeVisible();
  await expect(scope.getByRole('progressbar', { name: 'Sync progress' })).toBeAttached();
  await expect(scope.getByTestId('sync-count')).toHaveText(/^(Listing stories…|[\d,]+ \/ [\d,]+ stor(y|ies))/);
}
