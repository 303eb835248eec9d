import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { defineJob, type JobRef } from '../../jobs/define-job.ts';
import type { MailTransport } from './mail-transport.ts';

export const mailSendJob = {
  name: 'mail.send',
  payload: z.object({ messageId: z.uuid() }),
} satisfies JobRef;

const retry = { limit: 8, delaySeconds: 15, maxDelaySeconds: 30 * 60 };

/** What an SMTP-sent message keeps in the outbox: its links may sign someone in, so they are not kept. */
export const SENT_BODY_PLACEHOLDER = '(Sent through SMTP. The body is not kept: it may hold sign-in links.)';

export interface MailJobDeps {
  prisma: Database;
  transport: MailTransport;
}

/**
 * Sends one outbox message. A message already sent is left alone, so a second run changes nothing; a crash
 * between the SMTP answer and the update can still send twice, which e-mail tolerates better than never.
 */
export function createMailSendJob(deps: MailJobDeps) {
  return defineJob({
    ...mailSendJob,
    retry,
    expireInSeconds: 120,
    heartbeatSeconds: null,
    concurrency: 2,
    handler: async ({ messageId }, context) => {
      await sendOutboxMessage(deps, messageId, context.retryCount >= retry.limit);
    },
  });
}

export async function sendOutboxMessage(deps: MailJobDeps, messageId: string, lastAttempt: boolean): Promise<void> {
  const { prisma, transport } = deps;
  const message = await prisma.emailMessage.findUnique({
    where: { id: messageId },
    select: { id: true, to: true, subject: true, text: true, html: true, status: true, createdAt: true },
  });
  if (!message || message.status === 'sent') return;
  try {
    await transport.deliver(message);
  } catch (error) {
    await prisma.emailMessage.update({
      where: { id: messageId },
      data: {
        attempts: { increment: 1 },
        error: String((error as Error).message ?? error).slice(0, 500),
        status: lastAttempt ? 'failed' : 'queued',
      },
      select: { id: true },
    });
    throw error;
  }
  await prisma.emailMessage.update({
    where: { id: messageId },
    data: {
      status: 'sent',
      sentAt: new Date(),
      attempts: { increment: 1 },
      error: null,
      ...(transport.kind === 'smtp' ? { text: SENT_BODY_PLACEHOLDER, html: SENT_BODY_PLACEHOLDER } : {}),
    },
    select: { id: true },
  });
}
