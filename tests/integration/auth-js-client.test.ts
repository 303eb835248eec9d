import { GoTrueClient, isAuthWeakPasswordError, type AuthChangeEvent, type SupportedStorage } from '@supabase/auth-js';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, codeIn, linkIn, openLink, uniqueEmail, waitForMail } from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// The real client of the web app against the real server: compatibility is shown, not assumed.
let server: TestServer;
/** Every secret the flow handles; none may appear in a log line. */
const secrets = new Set<string>();
const codes = new Set<string>();

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'trace' } });
  secrets.add(server.secrets.jwtSecret);
  secrets.add(server.secrets.keyRing.current.key.toString('base64'));
});

afterAll(async () => {
  await server?.close();
});

function memoryStorage(): SupportedStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function newClient() {
  const client = new GoTrueClient({
    url: `${server.baseUrl}/auth/v1`,
    storageKey: 'polyblok-auth',
    storage: memoryStorage(),
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
  });
  const events: AuthChangeEvent[] = [];
  client.onAuthStateChange((event, session) => {
    events.push(event);
    if (session) {
      secrets.add(session.access_token);
      secrets.add(session.refresh_token);
    }
  });
  return { client, events };
}

const totp = (secret: string, offsetSeconds = 0) => {
  const code = generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
  return code.then((value) => (codes.add(value), value));
};

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('@supabase/auth-js against the server', () => {
  const email = uniqueEmail('authjs');
  const password = 'an auth-js compatible passphrase';
  const newPassword = 'a recovered auth-js passphrase';
  let factorId = '';
  let factorSecret = '';
  secrets.add(password);
  secrets.add(newPassword);

  it('signs up, and refuses a weak password with its reasons', async () => {
    const { client } = newClient();
    const weak = await client.signUp({ email: uniqueEmail('weak'), password: 'password1' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] });

    const { data, error } = await client.signUp({
      email,
      password,
      options: { emailRedirectTo: `${server.baseUrl}/login`, data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ada' } });
  });

  it("takes the session from the confirmation link's fragment; the address is then taken", async () => {
    const link = linkIn(await waitForMail(server, email, { template: 'signup' }));
    secrets.add(link);
    secrets.add(tokenOf(link));
    const opened = await openLink(link);
    expect(opened.target.pathname).toBe('/login');
    // What detectSessionInUrl reads in a browser; here the same values go through setSession.
    const fragment = Object.fromEntries(opened.fragment);
    for (const name of ['access_token', 'refresh_token', 'expires_in', 'token_type'])
      expect(fragment[name]).toBeTruthy();
    const { client, events } = newClient();
    const { data, error } = await client.setSession({
      access_token: fragment.access_token!,
      refresh_token: fragment.refresh_token!,
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeDefined();
    expect(events).toContain('SIGNED_IN');

    // Confirmed now: signing up again looks like any sign-up to auth-js (no error, no session), and the address
    // is told by e-mail that it has an account.
    const again = await client.signUp({ email, password });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user).toMatchObject({ email, identities: [expect.objectContaining({ provider: 'email' })] });
    expect((await waitForMail(server, email, { template: 'signup_existing' })).text).toContain('/set-password');
  });

  it('signs in, refreshes, reads and updates the user, and enrols and verifies a TOTP factor', async () => {
    const { client, events } = newClient();
    const wrong = await client.signInWithPassword({ email, password: 'not it at all' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    const signedIn = await client.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.identities?.[0]?.provider).toBe('email');
    expect(events).toContain('SIGNED_IN');

    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);
    expect(events).toContain('TOKEN_REFRESHED');

    const user = await client.getUser();
    expect(user.data.user?.email).toBe(email);
    const updated = await client.updateUser({ data: { name: 'Ada Lovelace' } });
    expect(updated.data.user?.user_metadata.name).toBe('Ada Lovelace');
    expect(events).toContain('USER_UPDATED');

    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    factorId = enrolled.data!.id;
    factorSecret = enrolled.data!.totp.secret;
    secrets.add(factorSecret);
    expect(enrolled.data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(enrolled.data!.totp.qr_code).not.toContain('#');

    const challenge = await client.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const verified = await client.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: await totp(factorSecret),
    });
    expect(verified.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');

    const assurance = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(assurance.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const methods = (assurance.data!.currentAuthenticationMethods as Array<{ method: string }>).map((m) => m.method);
    expect(methods).toEqual(['totp', 'password']);
    const factors = await client.mfa.listFactors();
    expect(factors.data?.totp.map((factor) => factor.id)).toEqual([factorId]);

    const session = (await client.getSession()).data.session!;
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(200);
    const byJwt = await client.mfa.getAuthenticatorAssuranceLevel(session.access_token);
    expect(byJwt.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const signedOut = await client.signOut();
    expect(signedOut.error).toBeNull();
    expect(events.at(-1)).toBe('SIGNED_OUT');
    expect((await client.getSession()).data.session).toBeNull();
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(401);
  });

  it('knows a second factor is next after the password', async () => {
    const { client } = newClient();
    const { error } = await client.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const assurance = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(assurance.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const session = (await client.getSession()).data.session!;
    const refused = await apiFetch(server, '/api/me', session.access_token);
    expect({ status: refused.status, body: await refused.json() }).toMatchObject({
      status: 403,
      body: { code: 'mfa_required' },
    });
    await client.signOut({ scope: 'local' });
  });

  it('recovers the password: link, PASSWORD_RECOVERY, the second factor, then the new password', async () => {
    const { client, events } = newClient();
    const sent = await client.resetPasswordForEmail(email, { redirectTo: `${server.baseUrl}/reset-password` });
    expect(sent.error).toBeNull();
    const link = linkIn(await waitForMail(server, email, { template: 'recovery' }));
    secrets.add(link);
    secrets.add(tokenOf(link));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${server.baseUrl}/reset-password`);

    const recovered = await client.verifyOtp({ type: 'recovery', token_hash: tokenOf(link) });
    expect(recovered.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    // The reset does not get around the second factor.
    const blocked = await client.updateUser({ password: newPassword });
    expect(blocked.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const verified = await client.mfa.challengeAndVerify({ factorId, code: await totp(factorSecret, 30) });
    expect(verified.error).toBeNull();
    const changed = await client.updateUser({ password: newPassword });
    expect(changed.error).toBeNull();

    const reauth = await client.reauthenticate();
    expect(reauth.error).toBeNull();
    const code = codeIn(await waitForMail(server, email, { template: 'reauthentication' }));
    codes.add(code);
    const resend = await client.resend({ type: 'signup', email });
    expect(resend.error).toBeNull();

    const { client: fresh } = newClient();
    expect((await fresh.signInWithPassword({ email, password: newPassword })).error).toBeNull();
  });

  it('wrote no password, token, secret, code or link to any log line', () => {
    const lines = server.logs.lines;
    expect(lines.length).toBeGreaterThan(20);
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) {
      const found = lines.find((line) => line.includes(secret));
      expect(found, `a log line holds a secret: ${found}`).toBeUndefined();
    }
    for (const code of codes) {
      const pattern = new RegExp(`(^|\\D)${code}(\\D|$)`);
      const found = lines.find((line) => pattern.test(line));
      expect(found, `a log line holds a code: ${found}`).toBeUndefined();
    }
    // The request log shows the links' paths with their tokens masked.
    expect(server.logs.text).toMatch(/"url":"\/auth\/v1\/token\?grant_type=password"/);
  });
});
