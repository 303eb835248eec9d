export type ContentVersion = 'draft' | 'published';

export interface PublishedContentInput {
  fullSlug: string;
  localeCode: string;
  previewToken: string;
  version: ContentVersion;
  /** The delivery API of the space's region, with `/v2/cdn`, as the server names it (`cdn_url`). */
  cdnBaseUrl: string;
}

/**
 * The story as the delivery API serves it in the language: what a website gets once the translations are
 * written back. The preview token reads drafts as well as published versions.
 */
export function publishedContentUrl(input: PublishedContentInput): string {
  const base = input.cdnBaseUrl.replace(/\/+$/, '');
  const slug = input.fullSlug.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ token: input.previewToken, version: input.version, language: input.localeCode });
  return `${base}/stories/${slug}?${query.toString()}`;
}
