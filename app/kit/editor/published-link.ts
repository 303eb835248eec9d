/** Storyblok's Content Delivery API for spaces in the EU region (reference: storyblok.md §2). */
export const STORYBLOK_CDN_URL = 'https://api.storyblok.com/v2/cdn';

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
  const base = (input.cdnBaseUrl ?? STORYBLOK_CDN_URL).replace(/\/+$/, '');
  const slug = input.fullSlug.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ token: input.previewToken, version: input.version, language: input.localeCode });
  return `${base}/stories/${slug}?${query.toString()}`;
}
