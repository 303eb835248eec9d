// The write-back feature's front door: what the rest of the server may use of it.
export { createWriteBackJob } from './write-back.job.ts';
export { createWriteBackSweepJob, queueForgottenWriteBacks } from './write-back.sweep.ts';
export { failedWriteBackStories } from './failed-stories.ts';
export { retryWriteBack } from './retry-write-back.ts';
export { pendingWriteBackSql, queueWriteBack, scheduleWriteBack } from './write-back.schedule.ts';
export { failedWriteBacks, writeBackStateOf } from './write-back-state.ts';
export { writeBackStory } from './write-back.service.ts';
