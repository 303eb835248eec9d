import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema } from '#contract/auth.ts';
import {
  authFetch,
  countMail,
  createAccount,
  expectAuthError,
  expectSession,
  linkIn,
  openLink,
  signIn,
  signUp,
  uniqueEmail,
  waitForMail,
} from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// Password links (recover, verify, resend) and the outbox they go through.
let server: TestServer;
const password = 'a long and unusual passphrase';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as unknown;

describe('password recovery', () => {
  it('answers the same for known and unknown addresses, and mails a reset link only to the known one', async () => {
    const known = uniqueEmail('known');
    await createAccount(server, known, password);
    const unknown = uniqueEmail('unknown');
    const redirect = `?redirect_to=${encodeURIComponent(`${server.baseUrl}/reset-password`)}`;
    const answers = [];
    for (const email of [known, unknown]) {
      const response = await authFetch(server, `/recover${redirect}`, { body: { email } });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual([
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    const mail = await waitForMail(server, known, { template: 'recovery' });
    expect(mail.subject).toBe('Reset your password | Polyblok');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await countMail(server, unknown)).toBe(0);

    const opened = await openLink(linkIn(mail));
    expect(opened.target.pathname).toBe('/reset-password');
    expect(opened.fragment.get('type')).toBe('recovery');
    const token = opened.fragment.get('access_token')!;
    expect(decode(token)).toMatchObject({ amr: [{ method: 'recovery' }] });
    const update = await authFetch(server, '/user', {
      method: 'PUT',
      token,
      body: { password: 'my brand new passphrase' },
    });
    expect(update.status).toBe(200);
    await signIn(server, known, 'my brand new passphrase');
    await expectAuthError(
      await authFetch(server, '/token?grant_type=password', { body: { email: known, password } }),
      400,
      'invalid_credentials',
    );
    // The reset link died with the password change; the owner was told.
    expect((await openLink(linkIn(mail))).fragment.get('error_code')).toBe('otp_expired');
    expect((await waitForMail(server, known, { template: 'password_changed' })).text).toContain('was just changed');
  });

  it('sends a "set your password" link to an invited user, which confirms the address', async () => {
    const email = uniqueEmail('invitee');
    await server.prisma.user.create({
      data: { email, invitedAt: new Date(), identities: { create: { provider: 'email', providerId: email } } },
    });
    await authFetch(server, '/recover', { body: { email } });
    const mail = await waitForMail(server, email, { template: 'recovery' });
    expect(mail.subject).toBe('Set your password | Polyblok');
    const opened = await openLink(linkIn(mail));
    const token = opened.fragment.get('access_token')!;
    const set = await authFetch(server, '/user', { method: 'PUT', token, body: { password } });
    expect(authUserSchema.parse(await set.json()).email_confirmed_at).toBeDefined();
    await signIn(server, email, password);
  });

  it('keeps quiet within the per-address cooldown, and the latest link is the one that works', async () => {
    const email = uniqueEmail('cooldown');
    await createAccount(server, email, password);
    await authFetch(server, '/recover', { body: { email } });
    const first = await waitForMail(server, email, { template: 'recovery' });
    const again = await authFetch(server, '/recover', { body: { email } });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await countMail(server, email, 'recovery')).toBe(1);
    expect((await openLink(linkIn(first))).fragment.get('access_token')).toBeTruthy();
  });

  it('verifies through POST /verify with token_hash, or with the token and the address it was sent to', async () => {
    const email = uniqueEmail('post-verify');
    await createAccount(server, email, password);
    await authFetch(server, '/recover', { body: { email } });
    const token = new URL(linkIn(await waitForMail(server, email, { template: 'recovery' }))).searchParams.get(
      'token',
    )!;
    await expectAuthError(
      await authFetch(server, '/verify', { body: { type: 'recovery', token, email: uniqueEmail('other') } }),
      403,
      'otp_expired',
    );
    await expectAuthError(
      await authFetch(server, '/verify', { body: { type: 'signup', token_hash: token } }),
      403,
      'otp_expired',
    );
    const session = await expectSession(
      await authFetch(server, '/verify', { body: { type: 'recovery', token, email } }),
    );
    expect(session.user.email).toBe(email);
    await expectAuthError(
      await authFetch(server, '/verify', { body: { type: 'recovery', token_hash: token } }),
      403,
      'otp_expired',
    );
    await expectAuthError(await authFetch(server, '/verify', { body: { type: 'recovery' } }), 400, 'validation_failed');
    await expectAuthError(
      await authFetch(server, '/verify', { body: { type: 'sms', token } }),
      400,
      'validation_failed',
    );
  });
});

describe('resend', () => {
  it('sends the signup link again after the cooldown, and answers alike for every address', async () => {
    const email = uniqueEmail('resend');
    await signUp(server, email, password);
    const first = await waitForMail(server, email, { template: 'signup' });
    for (const address of [email, uniqueEmail('resend-unknown')]) {
      const response = await authFetch(server, '/resend', { body: { type: 'signup', email: address } });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: {} });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Within the cooldown of the sign-up mail: nothing new.
    expect(await countMail(server, email, 'signup')).toBe(1);
    await server.prisma.oneTimeToken.updateMany({
      where: { relatesTo: email },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    await authFetch(server, '/resend', { body: { type: 'signup', email } });
    const second = await waitForMail(server, email, { template: 'signup', excluding: [first.id] });
    expect((await openLink(linkIn(second))).fragment.get('type')).toBe('signup');
    await expectAuthError(
      await authFetch(server, '/resend', { body: { type: 'recovery', email } }),
      400,
      'validation_failed',
    );
  });
});

describe('the outbox', () => {
  it('writes each mail as an .eml file and lists it at /dev/mail with its links', async () => {
    const email = uniqueEmail('outbox');
    await signUp(server, email, password);
    const mail = await waitForMail(server, email, { template: 'signup' });
    for (let tries = 0; tries < 100; tries += 1) {
      const row = await server.prisma.emailMessage.findUnique({ where: { id: mail.id }, select: { status: true } });
      if (row?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { readdirSync, readFileSync } = await import('node:fs');
    const file = readdirSync(server.mailDir).find((name) => name.endsWith(`-${mail.id}.eml`));
    expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f-]{36}\.eml$/);
    const eml = readFileSync(`${server.mailDir}/${file}`, 'utf8');
    expect(eml).toMatch(/^From: Polyblok <no-reply@localhost>$/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);

    const list = await fetch(`${server.baseUrl}/dev/mail?to=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const listHtml = await list.text();
    expect(listHtml).toContain(`<a href="/dev/mail/${mail.id}">Confirm your e-mail address | Polyblok</a>`);
    expect(listHtml).not.toMatch(/<script/i);

    const page = await fetch(`${server.baseUrl}/dev/mail/${mail.id}`);
    const pageHtml = await page.text();
    const href = /<a href="([^"]+\/auth\/v1\/verify[^"]+)"/.exec(pageHtml)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBe(linkIn(mail));
    expect((await fetch(`${server.baseUrl}/dev/mail/not-an-id`)).status).toBe(404);
  });
});
