import { getRegionBaseUrl } from '@storyblok/region-helper';
import type { StoryblokRegion } from '#contract/spaces.ts';

/**
 * Storyblok's Content Delivery API (with /v2/cdn) for a space's region (reference: storyblok.md §2): each region
 * serves its spaces' content from its own host (`api-us.storyblok.com` for US ...). A configured base replaces
 * those hosts; a `{region}` in it becomes the region code, so one local Storyblok can play every region.
 */
export function cdnUrlFor(region: StoryblokRegion, configured?: string): string {
  if (configured) return configured.replaceAll('{region}', region).replace(/\/+$/, '');
  return `${getRegionBaseUrl(region)}/v2/cdn`;
}
