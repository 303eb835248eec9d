// The spaces feature's front door: what the rest of the server may use of it.
export { localeViewSelect, toSpaceLocale } from './locale-view.ts';
export { insertConnectedSpace, resumeWithNewToken } from './space-records.ts';
export { toStoryblokRegion } from './space-region.ts';
export { spacesRoutes } from './spaces.routes.ts';
export type { SpaceDeps } from './space-deps.ts';
