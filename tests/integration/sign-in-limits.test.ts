import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollResponseSchema, type AuthSessionResponse } from '#contract/auth.ts';
import {
  authFetch,
  createAccount,
  expectAuthError,
  expectSession,
  signIn,
  uniqueEmail,
} from '#tests/support/auth-client.ts';
import { createTestClock } from '#tests/support/test-clock.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const clock = createTestClock(Math.ceil(Date.now() / 30_000) * 30_000);
const password = 'nobody locks the owner out';
const HOUR = 3600_000;
let server: TestServer;
/** A second server process on the same database. */
let twin: TestServer;

const options = {
  clock,
  // Behind a proxy on loopback: X-Forwarded-For names the client, so each test picks its addresses.
  env: { TRUST_PROXY: 'loopback' },
  authSettings: {
    recentSignInSeconds: 60,
    credentialLimits: {
      freeFailures: 3,
      firstDelaySeconds: 1,
      maxDelaySeconds: 8,
      perAddress: { failures: 12, windowSeconds: 3600 },
      perAccount: { failures: 20, windowSeconds: 3600 },
      failureMemorySeconds: 24 * 3600,
    },
  },
};

beforeAll(async () => {
  server = await startTestServer(options);
  twin = await startTestServer({ ...options, sameDatabaseAs: server });
});

afterAll(async () => {
  await twin?.close();
  await server?.close();
});

let nextIp = 10;
const newIp = () => `198.51.100.${(nextIp += 1)}`;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

function passwordGrant(email: string, guess: string, ip: string, on = server) {
  return authFetch(on, '/token?grant_type=password', { headers: from(ip), body: { email, password: guess } });
}

/** A 429 over_request_rate_limit, and the wait its Retry-After names, in seconds. */
async function expectWait(response: Response): Promise<number> {
  await expectAuthError(response, 429, 'over_request_rate_limit');
  const wait = Number(response.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  return wait;
}

describe('failed sign-ins from one address, for one account', () => {
  it('make that address wait longer and longer, while the owner signs in from another at once', async () => {
    const email = uniqueEmail('owner');
    await createAccount(server, email, password, from(newIp()));
    const attacker = newIp();
    const waits: number[] = [];
    for (let failure = 1; failure <= 10; failure += 1) {
      await expectAuthError(await passwordGrant(email, `guess ${failure}`, attacker), 400, 'invalid_credentials');
      if (failure < 3) continue;
      // From the third failure on, trying again at once is refused until the wait it names is over.
      const wait = await expectWait(await passwordGrant(email, `guess ${failure} again`, attacker));
      waits.push(wait);
      if (failure < 10) clock.advance(wait * 1000);
    }
    // Three free failures, then 1 s, 2 s, 4 s and the 8 s cap.
    expect(waits).toEqual([1, 2, 4, 8, 8, 8, 8, 8]);

    await expectSession(await passwordGrant(email, password, newIp()));
    // The attacker's address still waits, even with the right password: the answer must not depend on it.
    expect(await expectWait(await passwordGrant(email, password, attacker))).toBe(8);
    const body = (await (await passwordGrant(email, password, attacker)).json()) as { message: string };
    expect(body.message).toBe('Too many failed attempts. Please wait 8 seconds and try again.');
  });

  it('are cleared by a successful sign-in from that address', async () => {
    const email = uniqueEmail('cleared');
    const ip = newIp();
    await createAccount(server, email, password, from(newIp()));
    for (let i = 0; i < 3; i += 1) {
      await expectAuthError(await passwordGrant(email, `typo ${i}`, ip), 400, 'invalid_credentials');
    }
    clock.advance((await expectWait(await passwordGrant(email, password, ip))) * 1000);
    await expectSession(await passwordGrant(email, password, ip));
    for (let i = 0; i < 3; i += 1) {
      await expectAuthError(await passwordGrant(email, `typo again ${i}`, ip), 400, 'invalid_credentials');
    }
    expect(await expectWait(await passwordGrant(email, password, ip))).toBe(1);
  });

  it('count alike for an address with an account and one without', async () => {
    const known = uniqueEmail('has-account');
    await createAccount(server, known, password, from(newIp()));
    const runs = [];
    for (const email of [known, uniqueEmail('no-account')]) {
      const ip = newIp();
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await passwordGrant(email, `wrong ${i}`, ip);
        answers.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as unknown,
        });
      }
      runs.push(answers);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0]!.map((answer) => answer.status)).toEqual([400, 400, 400, 429, 429]);
  });
});

describe('the ceilings', () => {
  it('stop one address failing across many accounts, but not the accounts that signed in from it', async () => {
    const stuffer = newIp();
    const regular = uniqueEmail('regular');
    await createAccount(server, regular, password, from(stuffer));
    for (let i = 0; i < 12; i += 1) {
      await expectAuthError(await passwordGrant(uniqueEmail('stuffed'), password, stuffer), 400, 'invalid_credentials');
    }
    const wait = await expectWait(await passwordGrant(uniqueEmail('stuffed'), password, stuffer));
    expect(wait).toBe(3600);
    // Elsewhere nothing changed, and whoever signed in from this address before still can.
    await expectAuthError(await passwordGrant(uniqueEmail('stuffed'), password, newIp()), 400, 'invalid_credentials');
    await expectSession(await passwordGrant(regular, password, stuffer));
  });

  it('stop failures on one account from many addresses, never from an address it signed in from', async () => {
    const email = uniqueEmail('targeted');
    const home = newIp();
    await createAccount(server, email, password, from(home));
    for (let i = 0; i < 20; i += 1) {
      await expectAuthError(await passwordGrant(email, `botnet ${i}`, newIp()), 400, 'invalid_credentials');
    }
    expect(await expectWait(await passwordGrant(email, password, newIp()))).toBe(3600);
    await expectSession(await passwordGrant(email, password, home));
    clock.advance(HOUR);
    await expectSession(await passwordGrant(email, password, newIp()));
  });
});

describe('several server processes', () => {
  it('share the failures through the database', async () => {
    const email = uniqueEmail('two-servers');
    await createAccount(server, email, password, from(newIp()));
    const ip = newIp();
    for (const [index, on] of [server, twin, server].entries()) {
      await expectAuthError(await passwordGrant(email, `guess ${index}`, ip, on), 400, 'invalid_credentials');
    }
    expect(await expectWait(await passwordGrant(email, password, ip, twin))).toBe(1);
    expect(await expectWait(await passwordGrant(email, password, ip, server))).toBe(1);
    clock.advance(1000);
    await expectSession(await passwordGrant(email, password, ip, twin));
    await expectAuthError(await passwordGrant(email, 'a typo after all', ip, server), 400, 'invalid_credentials');
  });

  it('forget failures after a day, deleting their rows', async () => {
    const ip = newIp();
    await expectAuthError(await passwordGrant(uniqueEmail('old'), 'long ago', ip), 400, 'invalid_credentials');
    const before = await server.prisma.credentialFailure.count({ where: { address: ip } });
    expect(before).toBe(1);
    clock.advance(25 * HOUR);
    await expectAuthError(await passwordGrant(uniqueEmail('new'), 'just now', newIp()), 400, 'invalid_credentials');
    expect(await server.prisma.credentialFailure.count({ where: { address: ip } })).toBe(0);
    const oldest = await server.prisma.credentialFailure.findFirst({
      orderBy: { failedAt: 'asc' },
      select: { failedAt: true },
    });
    expect(oldest!.failedAt.getTime()).toBeGreaterThan(clock.now() - 24 * HOUR);
  });
});

describe('codes', () => {
  async function enrolledFactor(session: AuthSessionResponse, ip: string) {
    const response = await authFetch(server, '/factors', {
      headers: from(ip),
      token: session.access_token,
      body: { factor_type: 'totp' },
    });
    return enrollResponseSchema.parse(await response.json());
  }

  it('make wrong TOTP codes from one address wait, while the right one from another address passes', async () => {
    const home = newIp();
    const session = await createAccount(server, uniqueEmail('totp'), password, from(home));
    const factor = await enrolledFactor(session, home);
    const challengeFrom = async (ip: string) => {
      const response = await authFetch(server, `/factors/${factor.id}/challenge`, {
        headers: from(ip),
        token: session.access_token,
        body: {},
      });
      return ((await response.json()) as { id: string }).id;
    };
    const verify = (challengeId: string, code: string, ip: string) =>
      authFetch(server, `/factors/${factor.id}/verify`, {
        headers: from(ip),
        token: session.access_token,
        body: { challenge_id: challengeId, code },
      });
    const code = await generate({ secret: factor.totp.secret, epoch: Math.floor(clock.now() / 1000) });
    const wrong = code === '000000' ? '111111' : '000000';
    const elsewhere = newIp();
    const attempt = await challengeFrom(elsewhere);
    for (let i = 0; i < 3; i += 1) {
      await expectAuthError(await verify(attempt, wrong, elsewhere), 422, 'mfa_verification_failed');
    }
    expect(await expectWait(await verify(attempt, code, elsewhere))).toBe(1);
    const upgraded = await expectSession(await verify(await challengeFrom(home), code, home));
    expect(upgraded.user.factors?.[0]?.status).toBe('verified');
  });

  it('make wrong reauthentication codes wait the same way', async () => {
    const ip = newIp();
    const email = uniqueEmail('reauth');
    await createAccount(server, email, password, from(ip));
    clock.advance(61_000);
    const session = await signIn(server, email, password, from(ip));
    clock.advance(61_000);
    const update = (nonce: string) =>
      authFetch(server, '/user', {
        method: 'PUT',
        headers: from(ip),
        token: session.access_token,
        body: { password: 'a new passphrase for later', nonce },
      });
    for (let i = 0; i < 3; i += 1) {
      await expectAuthError(await update(`12345${i}`), 422, 'reauthentication_not_valid');
    }
    expect(await expectWait(await update('123459'))).toBe(1);
  });
});
