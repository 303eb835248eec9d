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

/** What a run records when its process ended under it once too often (a crash, a kill); read back as an AppError. */
export const CUT_OFF = {
  code: 'service_unavailable',
  message: 'The server doing this work stopped before it finished, too many times in a row; it can be started again.',
} as const;

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
  if (silentWorker.test(text)) return new AppError(CUT_OFF.code, CUT_OFF.message);
  return new Error(text);
}
