import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema } from '#contract/auth.ts';
import { meResponseSchema } from '#contract/me.ts';
import {
  apiFetch,
  authFetch,
  codeIn,
  countMail,
  createAccount,
  expectAuthError,
  expectSession,
  linkIn,
  openLink,
  refresh,
  signIn,
  uniqueEmail,
  waitForMail,
} from '#tests/support/auth-client.ts';
import { createTestClock } from '#tests/support/test-clock.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const clock = createTestClock();
let server: TestServer;
const password = 'the first of my passphrases';
const HOUR = 3600_000;

beforeAll(async () => {
  server = await startTestServer({ clock });
});

afterAll(async () => {
  await server?.close();
});

function updateUser(token: string, body: Record<string, unknown>) {
  return authFetch(server, '/user', { method: 'PUT', token, body });
}

describe('GET and PUT /user', () => {
  it('reads the signed-in user and changes the display name', async () => {
    await expectAuthError(await authFetch(server, '/user'), 401, 'no_authorization');
    const session = await createAccount(server, uniqueEmail('name'), password);
    const user = authUserSchema.parse(await (await authFetch(server, '/user', { token: session.access_token })).json());
    expect(user.id).toBe(session.user.id);

    const named = authUserSchema.parse(
      await (await updateUser(session.access_token, { data: { name: ' Grace ' } })).json(),
    );
    expect(named.user_metadata.name).toBe('Grace');
    const me = meResponseSchema.parse(await (await apiFetch(server, '/api/me', session.access_token)).json());
    expect(me.name).toBe('Grace');
    const cleared = authUserSchema.parse(
      await (await updateUser(session.access_token, { data: { name: null } })).json(),
    );
    expect(cleared.user_metadata.name).toBeUndefined();
    await expectAuthError(
      await updateUser(session.access_token, { data: { name: 'n'.repeat(101) } }),
      400,
      'validation_failed',
    );
    await expectAuthError(
      await updateUser(session.access_token, { email: 'not an address' }),
      400,
      'validation_failed',
    );
  });

  it('changes the password, signs out every other session and tells the owner', async () => {
    const email = uniqueEmail('password');
    const session = await createAccount(server, email, password);
    const other = await signIn(server, email, password);
    await expectAuthError(await updateUser(session.access_token, { password }), 422, 'same_password');
    const weak = await expectAuthError(
      await updateUser(session.access_token, { password: 'qwerty123' }),
      422,
      'weak_password',
    );
    expect(weak.weak_password?.reasons).toEqual(['pwned']);

    const changed = await updateUser(session.access_token, { password: 'the second of my passphrases' });
    expect(changed.status).toBe(200);
    expect((await apiFetch(server, '/api/me', session.access_token)).status).toBe(200);
    expect((await apiFetch(server, '/api/me', other.access_token)).status).toBe(401);
    await expectAuthError(await refresh(server, other.refresh_token), 400, 'refresh_token_not_found');
    await expectSession(await refresh(server, session.refresh_token));
    await signIn(server, email, 'the second of my passphrases');
    expect((await waitForMail(server, email, { template: 'password_changed' })).subject).toBe(
      'Your password was changed | Polyblok',
    );
  });

  it('asks a session that signed in long ago for the e-mailed reauthentication code', async () => {
    const email = uniqueEmail('reauth');
    let session = await createAccount(server, email, password);
    clock.advance(13 * HOUR);
    session = await expectSession(await refresh(server, session.refresh_token));
    await expectAuthError(
      await updateUser(session.access_token, { password: 'a passphrase after a while' }),
      400,
      'reauthentication_needed',
    );

    const sent = await authFetch(server, '/reauthenticate', { token: session.access_token });
    expect({ status: sent.status, body: await sent.json() }).toEqual({ status: 200, body: {} });
    const mail = await waitForMail(server, email, { template: 'reauthentication' });
    const code = codeIn(mail);
    expect(mail.html).toContain(code);
    await expectAuthError(
      await authFetch(server, '/reauthenticate', { method: 'POST', token: session.access_token }),
      429,
      'over_email_send_rate_limit',
    );
    const wrong = code === '000000' ? '000001' : '000000';
    await expectAuthError(
      await updateUser(session.access_token, { password: 'a passphrase after a while', nonce: wrong }),
      422,
      'reauthentication_not_valid',
    );
    const done = await updateUser(session.access_token, { password: 'a passphrase after a while', nonce: code });
    expect(done.status).toBe(200);
    await expectAuthError(
      await updateUser(session.access_token, { password: 'and yet another passphrase', nonce: code }),
      422,
      'reauthentication_not_valid',
    );
    // A fresh sign-in is recent enough by itself.
    const fresh = await signIn(server, email, 'a passphrase after a while');
    expect((await updateUser(fresh.access_token, { password: 'and yet another passphrase' })).status).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  it('confirms the new address by a link sent there, tells the old one, then signs in with the new one', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const session = await createAccount(server, oldEmail, password);
    const taken = uniqueEmail('taken');
    await createAccount(server, taken, password);
    await expectAuthError(await updateUser(session.access_token, { email: taken }), 422, 'email_exists');

    const pending = authUserSchema.parse(
      await (await updateUser(session.access_token, { email: newEmail.toUpperCase() })).json(),
    );
    expect(pending).toMatchObject({ email: oldEmail, new_email: newEmail });
    expect((await waitForMail(server, oldEmail, { template: 'email_change_notice' })).text).toContain(newEmail);
    const mail = await waitForMail(server, newEmail, { template: 'email_change' });
    expect(await countMail(server, oldEmail, 'email_change')).toBe(0);

    const opened = await openLink(linkIn(mail));
    expect(opened.fragment.get('type')).toBe('email_change');
    const user = authUserSchema.parse(
      await (await authFetch(server, '/user', { token: opened.fragment.get('access_token')! })).json(),
    );
    expect(user.email).toBe(newEmail);
    expect(user.new_email).toBeUndefined();
    expect(user.identities[0]).toMatchObject({ provider: 'email', id: newEmail });
    await signIn(server, newEmail, password);
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', { body: { email: oldEmail, password } }),
      400,
      'invalid_credentials',
    );
  });

  it('resends the confirmation to the new address on request', async () => {
    const email = uniqueEmail('resend-change');
    const newEmail = uniqueEmail('resend-new');
    const session = await createAccount(server, email, password);
    await updateUser(session.access_token, { email: newEmail });
    const first = await waitForMail(server, newEmail, { template: 'email_change' });
    clock.advance(61_000);
    await authFetch(server, '/resend', { body: { type: 'email_change', email } });
    const second = await waitForMail(server, newEmail, { template: 'email_change', excluding: [first.id] });
    expect((await openLink(linkIn(first))).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(linkIn(second))).fragment.get('access_token')).toBeTruthy();
  });
});
