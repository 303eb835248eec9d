import { getRegionBaseUrl } from '@storyblok/region-helper';
import type { StoryblokRegion } from '#contract/spaces.ts';

/**
 * Storyblok's Content Delivery API of a region (reference: storyblok.md §2): each region serves its spaces'
 * content from its own host, which @storyblok/region-helper names (`api-us.storyblok.com` for US ...).
 */
export function cdnBaseUrlFor(region: StoryblokRegion): string {
  return `${getRegionBaseUrl(region)}/v2/cdn`;
}

export type ContentVersion = 'draft' | 'published';

export interface PublishedContentInput {
  fullSlug: string;
  localeCode: string;
  previewToken: string;
  version: ContentVersion;
  /** The CDN of the space's region, with `/v2/cdn`; the EU one when absent. */
  cdnBaseUrl?: string | undefined;
}

/**
 * The story as the delivery API serves it in the language: what a website gets once the translations are
 * written back. The preview token reads drafts as well as published versions.
 */
export function publishedContentUrl(input: PublishedContentInput): string {
  const base = (input.cdnBaseUrl ?? cdnBaseUrlFor('eu')).replace(/\/+$/, '');
  const slug = input.fullSlug.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ token: input.previewToken, version: input.version, language: input.localeCode });
  return `${base}/stories/${slug}?${query.toString()}`;
}
