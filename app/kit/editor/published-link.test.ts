import { describe, expect, it } from 'vitest';
import { cdnBaseUrlFor, publishedContentUrl } from './published-link.ts';

describe('publishedContentUrl', () => {
  it('asks the delivery API for the story by its full slug, in the language and version, with the preview token', () => {
    const url = new URL(
      publishedContentUrl({
        fullSlug: 'blog/2024/first-post',
        localeCode: 'de',
        previewToken: 'tok',
        version: 'draft',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://api.storyblok.com/v2/cdn/stories/blog/2024/first-post');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'tok', version: 'draft', language: 'de' });
  });

  it('encodes each slug segment and takes the CDN of another region', () => {
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

describe('cdnBaseUrlFor', () => {
  it('names the delivery API of each Storyblok region', () => {
    expect({
      eu: cdnBaseUrlFor('eu'),
      us: cdnBaseUrlFor('us'),
      ca: cdnBaseUrlFor('ca'),
      ap: cdnBaseUrlFor('ap'),
      cn: cdnBaseUrlFor('cn'),
    }).toEqual({
      eu: 'https://api.storyblok.com/v2/cdn',
      us: 'https://api-us.storyblok.com/v2/cdn',
      ca: 'https://api-ca.storyblok.com/v2/cdn',
      ap: 'https://api-ap.storyblok.com/v2/cdn',
      cn: 'https://app.storyblokchina.cn/v2/cdn',
    });
  });

  it('sends the link of a space outside the EU to its own region', () => {
    expect(
      publishedContentUrl({
        fullSlug: 'home',
        localeCode: 'fr',
        previewToken: 'tok',
        version: 'draft',
        cdnBaseUrl: cdnBaseUrlFor('ca'),
      }),
    ).toBe('https://api-ca.storyblok.com/v2/cdn/stories/home?token=tok&version=draft&language=fr');
  });
});
