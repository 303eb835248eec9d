import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  apiFetch,
  authFetch,
  createAccount,
  expectAuthError,
  expectSession,
  refresh,
  signIn,
  uniqueEmail,
} from '#tests/support/auth-client.ts';
import { createTestClock } from '#tests/support/test-clock.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const clock = createTestClock();
let server: TestServer;
const password = 'sessions need a good passphrase';
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

beforeAll(async () => {
  server = await startTestServer({ clock });
});

afterAll(async () => {
  await server?.close();
});

async function expectSignedOut(token: string) {
  const me = await apiFetch(server, '/api/me', token);
  expect(me.status).toBe(401);
  expect(errorResponseSchema.parse(await me.json()).code).toBe('unauthorized');
}

describe('refresh tokens', () => {
  it('rotate on every use: a new refresh token, a new access token for the same session', async () => {
    const session = await createAccount(server, uniqueEmail('rotate'), password);
    clock.advance(5 * SECOND);
    const next = await expectSession(await refresh(server, session.refresh_token));
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.access_token).not.toBe(session.access_token);
    expect(next.expires_at).toBe(session.expires_at + 5);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims(next.access_token).session_id).toBe(claims(session.access_token).session_id);
    expect((await apiFetch(server, '/api/me', next.access_token)).status).toBe(200);
    // Only hashes are stored.
    const stored = await server.prisma.refreshToken.findMany({ select: { tokenHash: true } });
    expect(stored.map((row) => row.tokenHash)).not.toContain(next.refresh_token);
  });

  it('revoke the whole session when a rotated token comes back after the grace period', async () => {
    const session = await createAccount(server, uniqueEmail('reuse'), password);
    const child = await expectSession(await refresh(server, session.refresh_token));
    clock.advance(11 * SECOND);
    await expectAuthError(await refresh(server, session.refresh_token), 400, 'refresh_token_already_used');
    // The legitimate holder of the child is signed out too: the family is gone.
    await expectAuthError(await refresh(server, child.refresh_token), 400, 'refresh_token_not_found');
    await expectSignedOut(child.access_token);
    await expectAuthError(await authFetch(server, '/user', { token: child.access_token }), 403, 'session_not_found');
    // Another session of the same user is not touched.
    expect((await signIn(server, session.user.email, password)).user.id).toBe(session.user.id);
  });

  it('give concurrent refreshes with one token the same child within the grace period', async () => {
    const session = await createAccount(server, uniqueEmail('concurrent'), password);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh(server, session.refresh_token).then(expectSession)),
    );
    const children = new Set(answers.map((answer) => answer.refresh_token));
    expect(children.size).toBe(1);
    const [child] = [...children];
    // A tab that lost its answer and retries a few seconds later gets it once more, then it moves on.
    clock.advance(4 * SECOND);
    expect((await expectSession(await refresh(server, session.refresh_token))).refresh_token).toBe(child);
    const grandchild = await expectSession(await refresh(server, child!));
    clock.advance(3 * SECOND);
    // Still within the first token's grace: it answers the token in use now.
    expect((await expectSession(await refresh(server, session.refresh_token))).refresh_token).toBe(
      grandchild.refresh_token,
    );
    expect((await apiFetch(server, '/api/me', grandchild.access_token)).status).toBe(200);
  });

  it('end after the idle timeout, and after the absolute lifetime however active', async () => {
    const idle = await createAccount(server, uniqueEmail('idle'), password);
    clock.advance(7 * DAY + SECOND);
    await expectAuthError(await refresh(server, idle.refresh_token), 400, 'session_expired');

    let active = await createAccount(server, uniqueEmail('active'), password);
    for (let day = 0; day < 4; day += 1) {
      clock.advance(6 * DAY);
      active = await expectSession(await refresh(server, active.refresh_token));
    }
    clock.advance(6 * DAY + SECOND);
    await expectAuthError(await refresh(server, active.refresh_token), 400, 'session_expired');
  });

  it('refuse what is not a refresh token of this server', async () => {
    await expectAuthError(await refresh(server, 'not-a-real-refresh-token'), 400, 'refresh_token_not_found');
    const session = await createAccount(server, uniqueEmail('swap'), password);
    await expectAuthError(await refresh(server, session.access_token), 400, 'refresh_token_not_found');
    await expectAuthError(
      await authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: 42 } }),
      400,
      'validation_failed',
    );
  });
});

describe('logout', () => {
  it('ends this session (local), the others (others) or all of them (global)', async () => {
    const email = uniqueEmail('logout');
    const first = await createAccount(server, email, password);
    const second = await signIn(server, email, password);
    const third = await signIn(server, email, password);

    const others = await authFetch(server, '/logout?scope=others', { method: 'POST', token: first.access_token });
    expect(others.status).toBe(204);
    await expectSignedOut(second.access_token);
    await expectSignedOut(third.access_token);
    await expectAuthError(await refresh(server, second.refresh_token), 400, 'refresh_token_not_found');
    expect((await apiFetch(server, '/api/me', first.access_token)).status).toBe(200);

    expect((await authFetch(server, '/logout?scope=local', { method: 'POST', token: first.access_token })).status).toBe(
      204,
    );
    await expectSignedOut(first.access_token);
    await expectAuthError(
      await authFetch(server, '/logout', { method: 'POST', token: first.access_token }),
      403,
      'session_not_found',
    );

    const fourth = await signIn(server, email, password);
    const fifth = await signIn(server, email, password);
    expect((await authFetch(server, '/logout', { method: 'POST', token: fourth.access_token })).status).toBe(204);
    await expectSignedOut(fourth.access_token);
    await expectSignedOut(fifth.access_token);
  });

  it('needs a bearer token and a known scope', async () => {
    await expectAuthError(await authFetch(server, '/logout', { method: 'POST' }), 401, 'no_authorization');
    const session = await createAccount(server, uniqueEmail('scope'), password);
    await expectAuthError(
      await authFetch(server, '/logout?scope=everywhere', { method: 'POST', token: session.access_token }),
      400,
      'validation_failed',
    );
  });
});

describe('the API guard', () => {
  it('refuses missing, forged, expired and misdirected access tokens with 401', async () => {
    const session = await createAccount(server, uniqueEmail('guard'), password);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    const forge = (key: string, changes: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...changes }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
    const secret = server.secrets.jwtSecret;
    const tampered = session.access_token.replace(/\.([^.]+)\./, (_all, payload: string) => {
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
      return `.${Buffer.from(JSON.stringify({ ...body, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.`;
    });
    const candidates = [
      undefined,
      'garbage',
      tampered,
      new UnsecuredJWT(claims).encode(),
      await forge('another secret that is long enough to sign'),
      await forge(secret, { aud: 'someone-else' }),
      await forge(secret, { iss: 'https://elsewhere.example/auth/v1' }),
      await forge(secret, { session_id: '00000000-0000-4000-8000-000000000000' }),
      session.refresh_token,
    ];
    for (const token of candidates) {
      const response = await apiFetch(server, '/api/me', token);
      expect(response.status, String(token).slice(0, 20)).toBe(401);
      expect(errorResponseSchema.parse(await response.json()).code).toBe('unauthorized');
    }
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(200);
    clock.advance(3600 * SECOND);
    await expectSignedOut(session.access_token);
    await expectAuthError(await authFetch(server, '/user', { token: session.access_token }), 403, 'bad_jwt');
  });

  it('refuses a deleted user on the next request', async () => {
    const session = await createAccount(server, uniqueEmail('deleted'), password);
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(200);
    await server.prisma.user.delete({ where: { id: session.user.id } });
    await expectSignedOut(session.access_token);
    await expectAuthError(await refresh(server, session.refresh_token), 400, 'refresh_token_not_found');
  });

  it('keeps health public, and unknown API paths still answer 404', async () => {
    expect((await apiFetch(server, '/api/health')).status).toBe(200);
    const unknown = await apiFetch(server, '/api/nothing-here');
    expect(unknown.status).toBe(404);
  });
});
