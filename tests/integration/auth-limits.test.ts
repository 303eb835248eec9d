import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollResponseSchema } from '#contract/auth.ts';
import { authFetch, createAccount, expectAuthError, expectSession, uniqueEmail } from '#tests/support/auth-client.ts';
import { createTestClock } from '#tests/support/test-clock.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const clock = createTestClock(Math.ceil(Date.now() / 30_000) * 30_000);
let server: TestServer;
const password = 'limits keep the brute force out';
const rule = (burst: number, refill = 1, perSeconds = 3600) => ({ burst, refill, perSeconds });

beforeAll(async () => {
  server = await startTestServer({
    clock,
    // Behind a proxy on loopback: X-Forwarded-For names the client, so each test can be its own address.
    env: { TRUST_PROXY: 'loopback' },
    authSettings: {
      limits: {
        tokenPerIp: rule(3, 1, 10),
        mailPerIp: rule(4),
        mailPerAddress: rule(2),
        verifyPerIp: rule(3),
        verifyPerAddress: rule(2),
        mfaPerIp: rule(50),
        userUpdatePerUser: rule(50),
      },
      // One account fails at most three times an hour, from addresses it never signed in from; codes wait
      // after two failures (sign-in-limits.test.ts covers these limits whole).
      credentialLimits: { perAccount: { failures: 3, windowSeconds: 3600 }, freeFailures: 2 },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

let nextIp = 10;
const newIp = () => `203.0.113.${(nextIp += 1)}`;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('rate limits', () => {
  it('limit grants per client address, answer 429 over_request_rate_limit, and refill with time', async () => {
    const ip = newIp();
    // A new address each time, so only the per-client bucket is at work.
    const attempt = (address = ip) =>
      authFetch(server, '/token?grant_type=password', {
        headers: from(address),
        body: { email: uniqueEmail('per-ip'), password: 'wrong but well formed' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(400);
    await expectAuthError(await attempt(), 429, 'over_request_rate_limit');
    expect((await attempt(newIp())).status).toBe(400);
    clock.advance(10_000);
    expect((await attempt()).status).toBe(400);
    await expectAuthError(await attempt(), 429, 'over_request_rate_limit');
  });

  it('limit failed sign-ins per account from many client addresses, the same for an account and for no account', async () => {
    const known = uniqueEmail('known');
    await createAccount(server, known, password, from(newIp()));
    const runs = [];
    for (const email of [known, uniqueEmail('unknown')]) {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await authFetch(server, '/token?grant_type=password', {
          headers: from(newIp()),
          body: { email, password: `wrong guess ${i}` },
        });
        statuses.push(await answer(response));
      }
      runs.push(statuses);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0]!.map((run) => run.status)).toEqual([400, 400, 400, 429]);
    // Even the right password waits until the bucket refills: the 429 must not depend on the password.
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', {
        headers: from(newIp()),
        body: { email: known, password },
      }),
      429,
      'over_request_rate_limit',
    );
    clock.advance(3600_000);
    await expectSession(
      await authFetch(server, '/token?grant_type=password', {
        headers: from(newIp()),
        body: { email: known, password },
      }),
    );
    const logged = server.logs.entries().filter((entry) => entry.msg === 'auth rate limit reached');
    expect(logged.length).toBeGreaterThan(0);
    expect(server.logs.text).not.toContain(known);
  });

  it('limit mail requests per address with over_email_send_rate_limit, alike for known and unknown', async () => {
    const known = uniqueEmail('mail-known');
    await createAccount(server, known, password, from(newIp()));
    // Its sign-up mail counted against the address; an hour gives the bucket back.
    clock.advance(3600_000);
    const runs = [];
    for (const email of [known, uniqueEmail('mail-unknown')]) {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(await answer(await authFetch(server, '/recover', { headers: from(newIp()), body: { email } })));
      }
      runs.push(statuses);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0]!.map((run) => run.status)).toEqual([200, 200, 429]);
    expect(runs[0]![2]!.body).toMatchObject({ code: 'over_email_send_rate_limit' });
  });

  it('limit sign-ups and mail per client address', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await authFetch(server, '/signup', {
        headers: from(ip),
        body: { email: uniqueEmail('burst'), password },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('limit link verification per client address and per address named', async () => {
    const ip = newIp();
    const verify = (body: Record<string, unknown>, address = ip) =>
      authFetch(server, '/verify', { headers: from(address), body });
    for (let i = 0; i < 3; i += 1) {
      await expectAuthError(await verify({ type: 'recovery', token_hash: `guess-${i}` }), 403, 'otp_expired');
    }
    await expectAuthError(await verify({ type: 'recovery', token_hash: 'guess-4' }), 429, 'over_request_rate_limit');
    const email = uniqueEmail('verify-address');
    for (let i = 0; i < 2; i += 1) {
      await expectAuthError(await verify({ type: 'signup', token: `guess-${i}`, email }, newIp()), 403, 'otp_expired');
    }
    await expectAuthError(
      await verify({ type: 'signup', token: 'guess', email }, newIp()),
      429,
      'over_request_rate_limit',
    );
    // The link form counts too; a throttled link lands on the site with the error, not on a JSON page.
    const link = await fetch(`${server.baseUrl}/auth/v1/verify?type=signup&token=guess-5`, {
      headers: from(ip),
      redirect: 'manual',
    });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toContain('error_code=over_request_rate_limit');
  });

  it('limit TOTP code checks per user and client address, and check the challenge comes from the same address', async () => {
    const ip = newIp();
    const user = await createAccount(server, uniqueEmail('mfa-limit'), password, from(ip));
    const headers = { ...from(ip) };
    const factor = enrollResponseSchema.parse(
      await (
        await authFetch(server, '/factors', { headers, token: user.access_token, body: { factor_type: 'totp' } })
      ).json(),
    );
    const challenge = async (address = ip) =>
      (
        (await (
          await authFetch(server, `/factors/${factor.id}/challenge`, {
            headers: from(address),
            token: user.access_token,
            body: {},
          })
        ).json()) as { id: string }
      ).id;
    const verify = async (challengeId: string, code: string, address = ip) =>
      authFetch(server, `/factors/${factor.id}/verify`, {
        headers: from(address),
        token: user.access_token,
        body: { challenge_id: challengeId, code },
      });

    const elsewhere = await challenge(newIp());
    const code = await generate({ secret: factor.totp.secret, epoch: Math.floor(clock.now() / 1000) });
    await expectAuthError(await verify(elsewhere, code), 422, 'mfa_ip_address_mismatch');
    const id = await challenge();
    await expectAuthError(await verify(id, code === '000000' ? '111111' : '000000'), 422, 'mfa_verification_failed');
    await expectAuthError(await verify(id, code === '000000' ? '111111' : '000000'), 422, 'mfa_verification_failed');
    await expectAuthError(await verify(id, code), 429, 'over_request_rate_limit');
  });
});
