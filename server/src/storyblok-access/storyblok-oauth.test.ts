import { describe, expect, it } from 'vitest';
import { createLocalBudget } from './request-budget.ts';
import { StoryblokError } from './storyblok-error.ts';
import { createStoryblokOAuth } from './storyblok-oauth.ts';

type Answer = { status?: number; body: unknown };

/** A Storyblok that answers by path, recording what was asked. */
function storyblok(answers: Record<string, Answer>) {
  const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    asked.push({ url, init });
    const path = new URL(url).pathname;
    const answer = answers[path] ?? { status: 404, body: { error: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  const oauth = createStoryblokOAuth({
    clientId: 'client',
    clientSecret: 'secret',
    oauthUrl: 'https://oauth.test',
    mapiUrl: 'https://mapi.test/v1',
    budget: createLocalBudget(1000),
    retryPolicy: { maxAttempts: 1, maxElapsedMs: 0, baseDelayMs: 0, maxDelayMs: 0 },
    fetch,
  });
  return { oauth, asked };
}

const collaborator = (userId: number, user: Record<string, unknown>) => ({
  user_id: userId,
  user: { id: userId, ...user },
});

describe('the app OAuth client', () => {
  it("finds the owner's address in space_info and a collaborator's in the collaborators list", async () => {
    const { oauth, asked } = storyblok({
      '/v1/oauth/space_info': { body: { space: { id: 5, owner: { id: 7, email: 'Owner@Example.com ' } } } },
      '/v1/spaces/5/collaborators': {
        body: {
          collaborators: [
            collaborator(8, { userid: 'login-name', real_email: null, alt_email: 'alt@example.com' }),
            collaborator(9, { userid: 'nine@example.com', real_email: 'real.nine@example.com' }),
            collaborator(10, { userid: 'no address' }),
          ],
        },
      },
    });
    expect(await oauth.userEmail('at', 5, 7)).toBe('owner@example.com');
    expect(await oauth.userEmail('at', 5, 9)).toBe('real.nine@example.com');
    expect(await oauth.userEmail('at', 5, 8)).toBe('alt@example.com');
    expect(await oauth.userEmail('at', 5, 10)).toBeNull();
    expect(await oauth.userEmail('at', 5, 11)).toBeNull();
    expect(new Headers(asked[0]!.init?.headers).get('authorization')).toBe('Bearer at');
  });

  it('refreshes with client_secret_post, keeping the refresh token when Storyblok sends no new one', async () => {
    const { oauth, asked } = storyblok({
      '/oauth/token': { body: { access_token: 'new-access', expires_in: 3600, token_type: 'bearer' } },
    });
    const before = Date.now();
    const tokens = await oauth.refresh('old-refresh', 'eu');
    expect(tokens).toMatchObject({ accessToken: 'new-access', refreshToken: 'old-refresh' });
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    const form = new URLSearchParams(String(asked[0]!.init?.body));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      client_id: 'client',
      client_secret: 'secret',
    });
  });

  it('takes a refused refresh for a token that stopped working', async () => {
    const { oauth } = storyblok({ '/oauth/token': { status: 400, body: { error: 'invalid_grant' } } });
    const error = await oauth.refresh('revoked', 'eu').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoryblokError);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    const broken = storyblok({ '/oauth/token': { body: { access_token: '' } } });
    await expect(broken.oauth.refresh('x', 'eu')).rejects.toMatchObject({ kind: 'invalid_answer' });
  });
});
