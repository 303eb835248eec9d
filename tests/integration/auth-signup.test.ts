import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenClaimsSchema, authUserSchema, legacyAuthErrorSchema } from '#contract/auth.ts';
import {
  authFetch,
  countMail,
  createAccount,
  expectAuthError,
  linkIn,
  openLink,
  signIn,
  signUp,
  uniqueEmail,
  waitForMail,
} from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let server: TestServer;
const password = 'a long and unusual passphrase';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as unknown;

describe('sign-up', () => {
  it("creates an unconfirmed user, answers GoTrue's user object and e-mails a confirmation link", async () => {
    const email = uniqueEmail('signup');
    const response = await authFetch(server, `/signup?redirect_to=${encodeURIComponent(`${server.baseUrl}/login`)}`, {
      body: { email: `  ${email.toUpperCase()} `, password, data: { name: 'Ada' } },
    });
    expect(response.status).toBe(200);
    const user = authUserSchema.parse(await response.json());
    expect(user).toMatchObject({ email, user_metadata: { name: 'Ada', email_verified: false }, factors: [] });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'email', id: email, user_id: user.id })]);

    const mail = await waitForMail(server, email, { template: 'signup' });
    expect(mail.subject).toBe('Confirm your e-mail address | Polyblok');
    expect(mail.text).toContain('Polyblok');
    expect(mail.html).toContain('Polyblok');
    const link = linkIn(mail);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${server.baseUrl}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('signup');
    expect(url.searchParams.get('redirect_to')).toBe(`${server.baseUrl}/login`);

    // Not confirmed yet: the right password says so, a wrong one says nothing more than usual.
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', { body: { email, password } }),
      400,
      'email_not_confirmed',
    );
  });

  it('confirms through the link, which lands on /login with the session in the fragment', async () => {
    const email = uniqueEmail('confirm');
    await signUp(server, email, password);
    const link = linkIn(await waitForMail(server, email, { template: 'signup' }));
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.target.origin + opened.target.pathname).toBe(`${server.baseUrl}/login`);
    const fragment = Object.fromEntries(opened.fragment);
    expect(Object.keys(fragment).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type'].sort(),
    );
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'signup', expires_in: '3600' });
    const claims = accessTokenClaimsSchema.parse(decode(fragment.access_token!));
    expect(claims).toMatchObject({ email, aal: 'aal1', aud: 'authenticated', role: 'authenticated' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(Number(fragment.expires_at)).toBe(claims.exp);

    const user = await authFetch(server, '/user', { token: fragment.access_token });
    expect(authUserSchema.parse(await user.json()).email_confirmed_at).toBeDefined();

    // The link works once.
    const again = await openLink(link);
    expect(Object.fromEntries(again.fragment)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
    const session = await signIn(server, email, password);
    expect(session.user.email).toBe(email);
  });

  it('answers a taken address like a new one, and e-mails it how to set its password instead', async () => {
    const signUpAs = (email: string, chosen = 'another fine passphrase') =>
      authFetch(server, '/signup', { body: { email, password: chosen, data: { name: 'Grace' } } });
    const answerOf = async (response: Response) => ({
      status: response.status,
      user: authUserSchema.parse(await response.json()),
    });
    const fresh = uniqueEmail('fresh');
    const taken = uniqueEmail('taken');
    const invited = uniqueEmail('invited');
    await createAccount(server, taken, password);
    await server.prisma.user.create({ data: { email: invited, invitedAt: new Date() } });

    const answers = [await answerOf(await signUpAs(fresh)), await answerOf(await signUpAs(taken))];
    answers.push(await answerOf(await signUpAs(invited)));
    // The same status and the same user shape: new, unconfirmed, one e-mail identity, the name as sent.
    const shapes = answers.map(({ status, user }, index) => ({
      status,
      keys: Object.keys(user).sort(),
      metadataKeys: Object.keys(user.user_metadata ?? {}).sort(),
      identityKeys: user.identities?.map((identity) => Object.keys(identity).sort()),
      email: user.email === [fresh, taken, invited][index],
      confirmed: user.email_confirmed_at !== undefined,
      name: user.user_metadata?.name,
    }));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]).toMatchObject({ status: 200, email: true, confirmed: false, name: 'Grace' });
    expect(shapes[0]!.identityKeys).toHaveLength(1);

    const confirmation = await waitForMail(server, fresh, { template: 'signup' });
    expect(confirmation.subject).toBe('Confirm your e-mail address | Polyblok');
    for (const email of [taken, invited]) {
      const mail = await waitForMail(server, email, { template: 'signup_existing' });
      expect(mail.subject).toBe('You already have a Polyblok account | Polyblok');
      expect(mail.text).toContain('Someone, maybe you, just tried to sign up for Polyblok with this e-mail address.');
      expect(mail.text).toContain('If a teammate invited you, your account is waiting for its password.');
      expect(mail.text).toContain(`${server.env.SITE_URL}/set-password`);
      expect(await countMail(server, email, 'signup')).toBe(email === taken ? 1 : 0);
    }
    // Nothing about the account changed: the old password still signs in, the one just sent does not.
    await signIn(server, taken, password);
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', {
        body: { email: taken, password: 'another fine passphrase' },
      }),
      400,
      'invalid_credentials',
    );
    // More sign-ups within the mail cooldown send nothing more.
    expect((await signUpAs(taken)).status).toBe(200);
    expect(await server.prisma.user.count({ where: { email: taken } })).toBe(1);
    expect(await countMail(server, taken, 'signup_existing')).toBe(1);
  });

  it('tells anyone where its e-mails are when it sends none, and serves them there', async () => {
    const site = (await (await fetch(`${server.baseUrl}/api/site`)).json()) as { outbox_url: string | null };
    expect(site).toEqual({ outbox_url: '/dev/mail' });
    const email = uniqueEmail();
    await signUp(server, email, password);
    await waitForMail(server, email, { template: 'signup' });
    const outbox = await fetch(`${server.baseUrl}${site.outbox_url}?to=${encodeURIComponent(email)}`);
    expect(outbox.status).toBe(200);
    expect(await outbox.text()).toContain(email);
  });

  it('lets an address that never confirmed sign up again: new password, new link, the old link dead', async () => {
    const email = uniqueEmail('again');
    await signUp(server, email, 'first of two passphrases');
    const first = await waitForMail(server, email, { template: 'signup' });
    await signUp(server, email, password);
    const second = await waitForMail(server, email, { template: 'signup', excluding: [first.id] });
    expect((await openLink(linkIn(first))).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(linkIn(second))).fragment.get('access_token')).toBeTruthy();
    await signIn(server, email, password);
  });

  it.each([
    ['short', 'Tr0ub4!', ['length']],
    ['common (case-insensitive)', 'PASSWORD123', ['pwned']],
    ['short and common', 'dragon', ['length', 'pwned']],
    ['too long', 'x'.repeat(129), ['length']],
  ])('refuses a %s password with weak_password and its reasons', async (_label, weak, reasons) => {
    const response = await authFetch(server, '/signup', { body: { email: uniqueEmail('weak'), password: weak } });
    const error = await expectAuthError(response, 422, 'weak_password');
    expect(error.weak_password?.reasons).toEqual(reasons);
  });

  it('accepts 8 and 128 characters, and passwords of any script', async () => {
    for (const good of ['zq8#Lm2!', 'y'.repeat(127) + 'é', 'пароль-для-полиблока']) {
      const response = await authFetch(server, '/signup', { body: { email: uniqueEmail('good'), password: good } });
      expect(response.status).toBe(200);
    }
  });

  it('never sends a link to another site: an outside redirect_to falls back to the site', async () => {
    const email = uniqueEmail('redirect');
    const response = await authFetch(
      server,
      `/signup?redirect_to=${encodeURIComponent('https://evil.example/login')}`,
      {
        body: { email, password },
      },
    );
    expect(response.status).toBe(200);
    const opened = await openLink(linkIn(await waitForMail(server, email, { template: 'signup' })));
    expect(opened.target.origin + opened.target.pathname).toBe(`${server.baseUrl}/login`);
  });
});

describe('sign-in and the password grant', () => {
  it('answers a GoTrue session whose user carries identities and factors', async () => {
    const email = uniqueEmail('login');
    await createAccount(server, email, password);
    const session = await signIn(server, email.toUpperCase(), password);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email, factors: [] } });
    expect(session.refresh_token).toMatch(/^[\w-]{43}$/);
    const claims = accessTokenClaimsSchema.parse(decode(session.access_token));
    expect(claims).toMatchObject({ sub: session.user.id, aal: 'aal1', amr: [{ method: 'password' }] });
    expect(session.user.last_sign_in_at).toBeDefined();
  });

  it('answers a failed log-in the same way for a wrong password, an unknown address and an invited user', async () => {
    const email = uniqueEmail('same');
    await createAccount(server, email, password);
    const invited = uniqueEmail('nopassword');
    await server.prisma.user.create({ data: { email: invited, invitedAt: new Date(), emailConfirmedAt: new Date() } });
    const attempts = [
      { email, password: 'not the password at all' },
      { email: uniqueEmail('nobody'), password: 'not the password at all' },
      { email: invited, password: 'not the password at all' },
    ];
    const answers = [];
    for (const body of attempts) {
      const started = performance.now();
      const response = await authFetch(server, '/token?grant_type=password', { body });
      answers.push({ status: response.status, body: await response.json(), ms: performance.now() - started });
    }
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual(
      Array(3).fill({ status: 400, body: { code: 'invalid_credentials', message: 'Invalid login credentials' } }),
    );
    // Each ran one argon2id verify (tens of milliseconds): an unknown address is not answered early.
    for (const answer of answers) expect(answer.ms).toBeGreaterThan(10);
  });

  it('refuses other grants and malformed bodies with GoTrue errors, never a 500', async () => {
    await expectAuthError(
      await authFetch(server, '/token?grant_type=pkce', { body: { auth_code: 'x' } }),
      400,
      'unsupported_grant_type',
    );
    await expectAuthError(await authFetch(server, '/token', { body: {} }), 400, 'unsupported_grant_type');
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', { body: { email: 'a@b.c' } }),
      400,
      'validation_failed',
    );
    const cases: Array<[string, Record<string, string>]> = [
      ['{"email": "a@b.c",', { 'Content-Type': 'application/json' }],
      ['email=a@b.c&password=x', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['[1,2', { 'Content-Type': 'application/json' }],
      ['"\\u0000"', { 'Content-Type': 'application/json' }],
    ];
    for (const [body, headers] of cases) {
      const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        body,
        headers: { 'X-Supabase-Api-Version': '2024-01-01', ...headers },
      });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const nul = await authFetch(server, '/signup', { body: { email: 'a\u0000@b.c', password } });
    await expectAuthError(nul, 400, 'validation_failed');
    const big = await authFetch(server, '/signup', { body: { email: 'a@b.c', password: 'p'.repeat(20_000) } });
    expect(big.status).toBe(413);
    const nested = await authFetch(server, '/signup', { body: JSON.parse('['.repeat(100) + ']'.repeat(100)) });
    await expectAuthError(nested, 400, 'validation_failed');
  });

  it("never answers hostile input with a 500, and its errors keep GoTrue's shape", async () => {
    const session = await createAccount(server, uniqueEmail('hostile'), password);
    const endpoints = [
      ['POST', '/signup'],
      ['POST', '/token?grant_type=password'],
      ['POST', '/token?grant_type=refresh_token'],
      ['POST', '/verify'],
      ['POST', '/recover'],
      ['POST', '/resend'],
      ['PUT', '/user'],
      ['POST', '/factors'],
      ['POST', '/factors/00000000-0000-4000-8000-000000000000/verify'],
      ['POST', '/logout?scope=nowhere&scope=global'],
    ] as const;
    const bodies: unknown[] = [
      [],
      'text',
      42,
      { email: 5, password: null },
      { email: { $gt: '' }, password: ['a'] },
      JSON.parse('{"__proto__": {"admin": true}, "email": "a@b.c", "type": "signup"}'),
      { email: 'a@b.c', password: 'p', type: 'recovery', token: 'x'.repeat(600), data: 'name' },
      { refresh_token: '', challenge_id: 'nope', code: 123456, factor_type: 'totp', friendly_name: 'x'.repeat(101) },
    ];
    for (const [method, path] of endpoints) {
      for (const body of bodies) {
        const response = await authFetch(server, path, { method, body, token: session.access_token });
        const answer = (await response.json()) as { code?: unknown; message?: unknown };
        const label = `${method} ${path} ${JSON.stringify(body)}`;
        expect(response.status, label).toBeLessThan(500);
        // A body of unrelated fields is a valid no-op update of the user; everything else is refused.
        if (response.status >= 400)
          expect(typeof answer.code === 'string' && typeof answer.message === 'string').toBe(true);
        else expect(path, label).toBe('/user');
      }
    }
  });

  it('answers the older GoTrue error shape to a client that asks for no API version', async () => {
    const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password }),
    });
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacyAuthErrorSchema.parse(await response.json())).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers JSON 404 for unknown auth paths and keeps auth answers out of caches', async () => {
    const response = await authFetch(server, '/otp', { body: { email: 'a@b.c' } });
    await expectAuthError(response, 404, 'not_found');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
