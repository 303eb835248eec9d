import type { ErrorCode } from '#contract/errors.ts';
import { errorCodes } from '#contract/errors.ts';
import { AppError } from '../errors.ts';

/** The queue a job's runs land in when they stop for good: its retries used up, or its worker gone silent. */
export const givenUpQueueOf = (jobName: string) => `${jobName}.given-up`;

/** What pg-boss kept of the last failure of a run that stopped for good. */
interface StoredFailure {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  value?: { message?: unknown };
}

const silentWorker = /timeout|timed out|expired/i;

/**
 * The error a job gave up on, rebuilt from what the queue stored: an AppError comes back as one (so its
 * message, meant for people, is what gets recorded); a worker that stopped answering (killed, restarted too
 * often) is said in words; anything else keeps its message only for the logs.
 */
export function givenUpError(output: unknown): Error {
  const stored = (output ?? {}) as StoredFailure;
  const message = typeof stored.message === 'string' ? stored.message : stored.value?.message;
  const text = typeof message === 'string' ? message : 'the job stopped';
  if (typeof stored.code === 'string' && (errorCodes as readonly string[]).includes(stored.code)) {
    return new AppError(stored.code as ErrorCode, text);
  }
  if (silentWorker.test(text)) {
    return new AppError(
      'service_unavailable',
      'The server doing this work stopped before it finished, too many times in a row; it can be started again.',
    );
  }
  return new Error(text);
}
