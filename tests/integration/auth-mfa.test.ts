import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenClaimsSchema,
  authUserSchema,
  challengeResponseSchema,
  enrollResponseSchema,
  type AuthSessionResponse,
} from '#contract/auth.ts';
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

// Starts on a step boundary, so "the next step" is exactly 30 s away.
const clock = createTestClock(Math.ceil(Date.now() / 30_000) * 30_000);
let server: TestServer;
const password = 'two factors are better than one';

beforeAll(async () => {
  server = await startTestServer({ clock });
});

afterAll(async () => {
  await server?.close();
});

const claimsOf = (session: AuthSessionResponse) =>
  accessTokenClaimsSchema.parse(JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()));
const codeAt = (secret: string, ms = clock.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });

async function enroll(session: AuthSessionResponse, body: Record<string, unknown> = { factor_type: 'totp' }) {
  const response = await authFetch(server, '/factors', { token: session.access_token, body });
  expect(response.status, await response.clone().text()).toBe(200);
  return enrollResponseSchema.parse(await response.json());
}

async function challenge(session: AuthSessionResponse, factorId: string) {
  const response = await authFetch(server, `/factors/${factorId}/challenge`, { token: session.access_token, body: {} });
  expect(response.status).toBe(200);
  return challengeResponseSchema.parse(await response.json());
}

function verify(session: AuthSessionResponse, factorId: string, challengeId: string, code: string) {
  return authFetch(server, `/factors/${factorId}/verify`, {
    token: session.access_token,
    body: { challenge_id: challengeId, code },
  });
}

/** A user with a verified TOTP factor, and the aal2 session that verified it. */
async function userWithFactor(prefix: string) {
  const email = uniqueEmail(prefix);
  const session = await createAccount(server, email, password);
  const factor = await enroll(session);
  const { id } = await challenge(session, factor.id);
  const upgraded = await expectSession(await verify(session, factor.id, id, await codeAt(factor.totp.secret)));
  clock.advance(30_000);
  return { email, factor, session: upgraded, aal1: session };
}

describe('TOTP enrolment', () => {
  it('answers the secret, its otpauth URI and a QR code auth-js can turn into a data URI', async () => {
    const email = uniqueEmail('enrol');
    const session = await createAccount(server, email, password);
    const factor = await enroll(session, { factor_type: 'totp', friendly_name: 'Phone' });
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(factor.totp.uri).toContain(`otpauth://totp/Polyblok:${encodeURIComponent(email)}?`);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code).not.toMatch(/[#%]/);

    const stored = await server.prisma.mfaFactor.findUniqueOrThrow({ where: { id: factor.id } });
    expect(stored.secretEncrypted).toMatch(/^v1:/);
    expect(stored.secretEncrypted).not.toContain(factor.totp.secret);

    const user = authUserSchema.parse(await (await authFetch(server, '/user', { token: session.access_token })).json());
    expect(user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'unverified', friendly_name: 'Phone' }),
    ]);
    // An unverified factor asks nothing more of the API.
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(200);
    await expectAuthError(
      await authFetch(server, '/factors', {
        token: session.access_token,
        body: { factor_type: 'totp', friendly_name: 'Phone' },
      }),
      422,
      'mfa_factor_name_conflict',
    );
    await expectAuthError(
      await authFetch(server, '/factors', { token: session.access_token, body: { factor_type: 'phone' } }),
      400,
      'validation_failed',
    );
  });

  it("verifies to aal2 with a new session answer, and ends the user's other aal1 sessions", async () => {
    const email = uniqueEmail('verify');
    const session = await createAccount(server, email, password);
    const elsewhere = await signIn(server, email, password);
    const factor = await enroll(session);
    const pending = await challenge(session, factor.id);
    expect(pending.expires_at).toBe(Math.floor(clock.now() / 1000) + 300);
    const upgraded = await expectSession(
      await verify(session, factor.id, pending.id, await codeAt(factor.totp.secret)),
    );

    expect(claimsOf(upgraded)).toMatchObject({ aal: 'aal2', session_id: claimsOf(session).session_id });
    expect(claimsOf(upgraded).amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(upgraded.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
    expect((await apiFetch(server, '/api/me', upgraded.access_token)).status).toBe(200);
    // The tokens from before the upgrade are done: the aal1 access token is refused by the API, the refresh
    // token no longer refreshes, and the other device's aal1 session ended.
    const before = await apiFetch(server, '/api/me', session.access_token);
    expect(before.status).toBe(403);
    expect(errorResponseSchema.parse(await before.json()).code).toBe('mfa_required');
    await expectAuthError(await refresh(server, session.refresh_token), 400, 'refresh_token_not_found');
    await expectAuthError(await refresh(server, elsewhere.refresh_token), 400, 'refresh_token_not_found');
    const refreshed = await expectSession(await refresh(server, upgraded.refresh_token));
    expect(claimsOf(refreshed).aal).toBe('aal2');
  });
});

describe('signing in with a second factor', () => {
  it('gives aal1 after the password, which the API refuses with mfa_required until the code is verified', async () => {
    const { email, factor } = await userWithFactor('login');
    const session = await signIn(server, email, password);
    expect(claimsOf(session)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    expect(session.user.factors.map((item) => item.status)).toEqual(['verified']);
    const refused = await apiFetch(server, '/api/me', session.access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'mfa_required' });

    const { id } = await challenge(session, factor.id);
    const upgraded = await expectSession(await verify(session, factor.id, id, await codeAt(factor.totp.secret)));
    expect(claimsOf(upgraded).aal).toBe('aal2');
    expect((await apiFetch(server, '/api/me', upgraded.access_token)).status).toBe(200);
  });

  it('accepts each time step once per factor: the same code, or an older one, is refused afterwards', async () => {
    const { email, factor } = await userWithFactor('replay');
    const session = await signIn(server, email, password);
    const code = await codeAt(factor.totp.secret);
    const first = await challenge(session, factor.id);
    await expectSession(await verify(session, factor.id, first.id, code));

    const other = await signIn(server, email, password);
    const second = await challenge(other, factor.id);
    await expectAuthError(await verify(other, factor.id, second.id, code), 422, 'mfa_verification_failed');
    // The previous step is still inside the ±1 window, but older than the one just used.
    const previous = await codeAt(factor.totp.secret, clock.now() - 30_000);
    await expectAuthError(await verify(other, factor.id, second.id, previous), 422, 'mfa_verification_failed');
    // The next step (clock skew of one step) is fine, and then the current one is too old.
    const next = await codeAt(factor.totp.secret, clock.now() + 30_000);
    await expectSession(await verify(other, factor.id, second.id, next));
    const third = await signIn(server, email, password);
    const challenged = await challenge(third, factor.id);
    await expectAuthError(await verify(third, factor.id, challenged.id, code), 422, 'mfa_verification_failed');
  });

  it("refuses malformed codes, unknown, used and expired challenges, and other users' factors", async () => {
    const { email, factor } = await userWithFactor('bad-codes');
    const session = await signIn(server, email, password);
    const { id } = await challenge(session, factor.id);
    for (const code of ['12345', 'abcdef', '', '１２３４５６', '1234567']) {
      await expectAuthError(await verify(session, factor.id, id, code), 422, 'mfa_verification_failed');
    }
    await expectAuthError(
      await verify(session, factor.id, '00000000-0000-4000-8000-000000000000', await codeAt(factor.totp.secret)),
      422,
      'mfa_challenge_expired',
    );
    await expectAuthError(
      await authFetch(server, `/factors/${factor.id}/verify`, {
        token: session.access_token,
        body: { code: '123456' },
      }),
      400,
      'validation_failed',
    );
    clock.advance(301_000);
    await expectAuthError(
      await verify(session, factor.id, id, await codeAt(factor.totp.secret)),
      422,
      'mfa_challenge_expired',
    );

    const fresh = await challenge(session, factor.id);
    await expectSession(await verify(session, factor.id, fresh.id, await codeAt(factor.totp.secret)));
    clock.advance(30_000);
    await expectAuthError(
      await verify(session, factor.id, fresh.id, await codeAt(factor.totp.secret)),
      422,
      'mfa_challenge_expired',
    );

    const stranger = await createAccount(server, uniqueEmail('stranger'), password);
    await expectAuthError(
      await authFetch(server, `/factors/${factor.id}/challenge`, { token: stranger.access_token, body: {} }),
      404,
      'mfa_factor_not_found',
    );
    await expectAuthError(
      await authFetch(server, '/factors/not-a-uuid/challenge', { token: stranger.access_token, body: {} }),
      400,
      'validation_failed',
    );
  });
});

describe('changing factors', () => {
  it('needs aal2 to add a second factor or to remove a verified one', async () => {
    const { email, factor, session: aal2 } = await userWithFactor('change');
    const aal1 = await signIn(server, email, password);
    await expectAuthError(
      await authFetch(server, '/factors', { token: aal1.access_token, body: { factor_type: 'totp' } }),
      403,
      'insufficient_aal',
    );
    await expectAuthError(
      await authFetch(server, `/factors/${factor.id}`, { method: 'DELETE', token: aal1.access_token }),
      403,
      'insufficient_aal',
    );
    await expectAuthError(
      await authFetch(server, '/user', {
        method: 'PUT',
        token: aal1.access_token,
        body: { password: 'a whole new passphrase' },
      }),
      401,
      'insufficient_aal',
    );
    const second = await enroll(aal2, { factor_type: 'totp', friendly_name: 'Backup' });
    const removed = await authFetch(server, `/factors/${factor.id}`, { method: 'DELETE', token: aal2.access_token });
    expect(await removed.json()).toEqual({ id: factor.id });
    // The unverified second factor asks nothing: with no verified factor left, aal1 is enough again.
    expect((await apiFetch(server, '/api/me', aal1.access_token)).status).toBe(200);
    const refreshed = await expectSession(await refresh(server, aal2.refresh_token));
    expect(claimsOf(refreshed).aal).toBe('aal1');
    expect(claimsOf(refreshed).amr.map((entry) => entry.method)).toEqual(['password']);
    expect(refreshed.user.factors).toEqual([expect.objectContaining({ id: second.id, status: 'unverified' })]);
    // An unverified factor can be removed from aal1.
    const gone = await authFetch(server, `/factors/${second.id}`, { method: 'DELETE', token: aal1.access_token });
    expect(gone.status).toBe(200);
  });
});
