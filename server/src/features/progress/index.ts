// The progress feature's front door: what the rest of the server may use of it.
export { createProgressSnapshotJob } from './progress-snapshot.job.ts';
export { progressRoutes } from './progress.routes.ts';
export { snapshotLanguages } from './progress.service.ts';
