import { getRegion } from '@storyblok/region-helper';
import { storyblokRegions, type StoryblokRegion } from '#contract/spaces.ts';

/**
 * The region stored at connect, as the API answers it. Storyblok writes regions in capitals in some answers
 * and lower case in others; a value that is neither falls back to the region the space id encodes.
 */
export function toStoryblokRegion(stored: string, storyblokSpaceId: bigint): StoryblokRegion {
  const region = stored.trim().toLowerCase();
  if ((storyblokRegions as readonly string[]).includes(region)) return region as StoryblokRegion;
  return getRegion(Number(storyblokSpaceId)) ?? 'eu';
}
