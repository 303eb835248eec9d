import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** The one adapter to e-mail: SMTP when SMTP_URL is set, otherwise .eml files beside the outbox table. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export type MailSettings = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>;

/** `<timestamp>-<id>.eml`: sorts by time in a file listing, and a retry writes the same file again. */
export function emlFileName(mail: Pick<OutgoingMail, 'id' | 'createdAt'>): string {
  return `${mail.createdAt.toISOString().replace(/[-:.]/g, '')}-${mail.id}.eml`;
}

export function createMailTransport(settings: MailSettings): MailTransport {
  const domain = /@([^>\s]+)/.exec(settings.MAIL_FROM)?.[1] ?? 'localhost';
  const message = (mail: OutgoingMail) => ({
    from: settings.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${domain}>`,
    date: mail.createdAt,
  });

  if (settings.SMTP_URL) {
    const smtp = nodemailer.createTransport({
      url: settings.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async deliver(mail) {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async deliver(mail) {
      const info = await composer.sendMail(message(mail));
      await mkdir(settings.MAIL_DIR, { recursive: true });
      await writeFile(path.join(settings.MAIL_DIR, emlFileName(mail)), info.message as Buffer, { mode: 0o600 });
    },
    close: () => composer.close(),
  };
}
