import type { Env } from '../../env.ts';
import { createStoryblokAdapter, type StoryblokAdapter } from './storyblok-adapter.ts';

export function storyblokAdapterFromEnv(env: Env): StoryblokAdapter {
  return createStoryblokAdapter({
    mapiUrl: env.STORYBLOK_MAPI_URL,
    requestsPerSecond: env.STORYBLOK_REQUESTS_PER_SECOND,
  });
}
