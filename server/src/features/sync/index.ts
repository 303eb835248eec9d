// The sync feature's front door: what the rest of the server may use of it.
export { createDailySyncJobs } from './daily-sync.job.ts';
export { createDatasourceSyncJob, queueDatasourceSync } from './datasource-sync.job.ts';
export { createMemorySketchJob, sketchWaitingKeys } from './memory-sketch.job.ts';
export { createPollJobs } from './poll-changes.job.ts';
export { createSpaceSyncJob } from './space-sync.job.ts';
export { createStorySyncJob } from './story-sync.job.ts';
export { syncOneStory, type StorySyncOutcome } from './story-sync.ts';
export { getSyncStatus, queueStorySync, startSync } from './sync.service.ts';
export { syncProblems } from './sync-problems.ts';
