import { describe, expect, it } from 'vitest';
import { publishedContentUrl } from './published-link.ts';

describe('publishedContentUrl', () => {
  it('asks the delivery API for the story by its full slug, in the language and version, with the preview token', () => {
    const url = new URL(
      publishedContentUrl({
        fullSlug: 'blog/2024/first-post',
        localeCode: 'de',
        previewToken: 'tok',
        version: 'draft',
        cdnBaseUrl: 'https://api.storyblok.com/v2/cdn',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://api.storyblok.com/v2/cdn/stories/blog/2024/first-post');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'tok', version: 'draft', language: 'de' });
  });

  it("encodes each slug segment and takes the space's own delivery API", () => {
    expect(
      publishedContentUrl({
        fullSlug: 'über uns/team',
        localeCode: 'pt-br',
        previewToken: 'a&b',
        version: 'published',
        cdnBaseUrl: 'https://api-us.storyblok.com/v2/cdn/',
      }),
    ).toBe(
      'https://api-us.storyblok.com/v2/cdn/stories/%C3%BCber%20uns/team?token=a%26b&version=published&language=pt-br',
    );
  });
});
