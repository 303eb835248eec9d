import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyEntry } from '#server/crypto/secret-box.ts';
import { SENT_BODY_PLACEHOLDER, sendOutboxMessage } from '#server/features/mail/mail-send.job.ts';
import type { MailTransport } from '#server/features/mail/mail-transport.ts';
import { authFetch, uniqueEmail, waitForMail } from '#tests/support/auth-client.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/support/fake-smtp.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// A production server with SMTP: mail leaves through SMTP and the dev outbox pages do not exist.
let smtp: FakeSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    env: {
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Polyblok <hello@polyblok.test>',
      JWT_SECRET: 'j'.repeat(48),
      ENCRYPTION_KEYS: generateKeyEntry('k2'),
    },
  });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail through SMTP', () => {
  it('sends the outbox message by the mail.send job, then keeps no body that could sign someone in', async () => {
    const email = uniqueEmail('smtp');
    const response = await authFetch(server, '/signup', { body: { email, password: 'mail goes out by smtp' } });
    expect(response.status).toBe(200);
    const queued = await waitForMail(server, email, { template: 'signup' });
    await until(() => smtp.received.some((mail) => mail.to.some((to) => to.includes(email))));
    const delivered = smtp.received.find((mail) => mail.to.some((to) => to.includes(email)))!;
    expect(delivered.from).toContain('hello@polyblok.test');
    expect(delivered.data).toMatch(/^Subject: Confirm your e-mail address \| Polyblok$/m);
    expect(delivered.data).toMatch(/multipart\/alternative/);
    expect(delivered.data).toContain('/auth/v1/verify?token=');

    await until(async () => {
      const row = await server.prisma.emailMessage.findUnique({ where: { id: queued.id }, select: { status: true } });
      return row?.status === 'sent';
    });
    const row = await server.prisma.emailMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ attempts: 1, error: null, text: SENT_BODY_PLACEHOLDER, html: SENT_BODY_PLACEHOLDER });
    expect(readdirSync(server.mailDir)).toEqual([]);
  });

  it('has no /dev/mail pages in production', async () => {
    expect((await fetch(`${server.baseUrl}/dev/mail`)).status).toBe(404);
    // Its sign-up and password screens point at no outbox: the e-mails really went out.
    expect(await (await fetch(`${server.baseUrl}/api/site`)).json()).toEqual({ outbox_url: null });
  });
});

describe('the mail.send job', () => {
  async function outboxRow() {
    return server.prisma.emailMessage.create({
      data: {
        to: uniqueEmail('job'),
        subject: 'Job | Polyblok',
        template: 'test',
        text: 'Polyblok',
        html: '<p>Polyblok</p>',
      },
      select: { id: true },
    });
  }

  it('records a failure and lets the queue retry it; the last failure marks the message failed', async () => {
    const failing: MailTransport = {
      kind: 'smtp',
      deliver: () => Promise.reject(new Error('451 try again later')),
      close: () => undefined,
    };
    const { id } = await outboxRow();
    await expect(sendOutboxMessage({ prisma: server.prisma, transport: failing }, id, false)).rejects.toThrow('451');
    expect(await server.prisma.emailMessage.findUnique({ where: { id } })).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: '451 try again later',
    });
    await expect(sendOutboxMessage({ prisma: server.prisma, transport: failing }, id, true)).rejects.toThrow();
    expect(await server.prisma.emailMessage.findUnique({ where: { id } })).toMatchObject({
      status: 'failed',
      attempts: 2,
    });
  });

  it('sends once: a second run of a sent message changes nothing', async () => {
    const sent: string[] = [];
    const recording: MailTransport = {
      kind: 'outbox',
      deliver: async (mail) => void sent.push(mail.id),
      close: () => undefined,
    };
    const { id } = await outboxRow();
    await sendOutboxMessage({ prisma: server.prisma, transport: recording }, id, false);
    await sendOutboxMessage({ prisma: server.prisma, transport: recording }, id, false);
    expect(sent).toEqual([id]);
    expect(await server.prisma.emailMessage.findUnique({ where: { id } })).toMatchObject({
      status: 'sent',
      attempts: 1,
      text: 'Polyblok',
    });
  });

  it('retries through SMTP when the server refuses for a while', async () => {
    smtp.failNext(1);
    const { id } = await outboxRow();
    const transport: MailTransport = (await import('#server/features/mail/mail-transport.ts')).createMailTransport({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Polyblok <hello@polyblok.test>',
      MAIL_DIR: server.mailDir,
    });
    try {
      await expect(sendOutboxMessage({ prisma: server.prisma, transport }, id, false)).rejects.toThrow(/451/);
      await sendOutboxMessage({ prisma: server.prisma, transport }, id, false);
    } finally {
      transport.close();
    }
    expect(await server.prisma.emailMessage.findUnique({ where: { id } })).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });
});
