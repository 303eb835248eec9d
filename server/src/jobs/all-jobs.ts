import type { JobDefinition } from './define-job.ts';

/** Every job the server runs; a feature adds its job definitions here. */
export const allJobs: JobDefinition[] = [];
