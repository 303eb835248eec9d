// The AI feature's front door: what the rest of the server may use of it.
export { aiRoutes } from './ai.routes.ts';
export { createAiTranslateJob } from './ai-translate.job.ts';
export { aiStanding, dailyAllowance } from './ai-quota.ts';
export type { AiDeps } from './ai-deps.ts';
