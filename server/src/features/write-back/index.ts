// The write-back feature's front door: what the rest of the server may use of it.
export { createWriteBackJob } from './write-back.job.ts';
export { scheduleWriteBack } from './write-back.schedule.ts';
