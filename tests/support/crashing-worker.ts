// Runs as its own process: starts a job that never finishes and reports when it runs, so a test can
// kill -9 this process with the job in flight and check that the next server runs it again.
import { openDriver } from '#server/db/driver.ts';
import { createPrisma } from '#server/db/prisma.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { hangingJob } from './job-fixtures.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crashing-worker.ts <pglite folder>');
const driver = await openDriver({ kind: 'pglite', dataDir });
const job = hangingJob(async (payload, context) => {
  process.stdout.write(`started ${payload.ticket} retry ${context.retryCount}\n`);
  await new Promise(() => undefined);
});
const queue = createJobQueue({
  driver,
  prisma: createPrisma(driver),
  logger: createLogger({ level: 'silent' }),
  superviseIntervalSeconds: 1,
});
await queue.start([job]);
await queue.send(job, { ticket: 7 });
