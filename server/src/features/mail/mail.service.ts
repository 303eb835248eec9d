import type { Database } from '../../db/prisma.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { mailSendJob } from './mail-send.job.ts';
import { PRODUCT_NAME, renderMail, type MailContent } from './mail-layout.ts';

export interface MailDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
}

export interface MailRequest {
  to: string;
  /** The subject without the product name, which is added. */
  subject: string;
  /** What kind of mail it is (signup, recovery ...), kept on the outbox row. */
  template: string;
  content: MailContent;
}

/**
 * Puts a message in the outbox and queues its sending: the request that asks for it never waits on SMTP,
 * and a failed send is retried by the job with backoff.
 */
export async function queueMail(deps: MailDeps, request: MailRequest): Promise<string> {
  const { text, html } = renderMail(request.content);
  const row = await deps.prisma.emailMessage.create({
    data: { to: request.to, subject: `${request.subject} | ${PRODUCT_NAME}`, template: request.template, text, html },
    select: { id: true },
  });
  await deps.queue.send(mailSendJob, { messageId: row.id });
  return row.id;
}
