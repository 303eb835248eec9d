// Runs as its own process: starts a job that never finishes and reports when it runs, so a test can
// kill -9 this process with the job in flight and check that the next server runs it again.
import { openDriver } from '#server/db/driver.ts';
import { createPrisma } from '#server/db/prisma.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { hangingJob, hangingJobThatGivesUp } from './job-fixtures.ts';

const [dataDir, variant] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: crashing-worker.ts <pglite folder> [gives-up]');
const driver = await openDriver({ kind: 'pglite', dataDir });
const hang = async (payload: { ticket: number }, context: { retryCount: number }) => {
  process.stdout.write(`started ${payload.ticket} retry ${context.retryCount}\n`);
  await new Promise(() => undefined);
};
const job = variant === 'gives-up' ? hangingJobThatGivesUp(hang) : hangingJob(hang);
const queue = createJobQueue({
  driver,
  prisma: createPrisma(driver),
  logger: createLogger({ level: 'silent' }),
  superviseIntervalSeconds: 1,
});
await queue.start([job]);
await queue.send(job, { ticket: 7 });
