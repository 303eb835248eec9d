import type { Database } from '../db/prisma.ts';
import { createMailSendJob } from '../features/mail/mail-send.job.ts';
import type { MailTransport } from '../features/mail/mail-transport.ts';
import type { JobDefinition } from './define-job.ts';

/** What job handlers need from the running process. */
export interface JobDeps {
  prisma: Database;
  mailTransport: MailTransport;
}

/** Every job the server runs; a feature adds its job definitions here. */
export function allJobs(deps: JobDeps): JobDefinition[] {
  return [createMailSendJob({ prisma: deps.prisma, transport: deps.mailTransport })];
}
