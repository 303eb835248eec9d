import { describe, expect, it } from 'vitest';
import { cdnUrlFor } from './cdn-url.ts';

describe('cdnUrlFor', () => {
  it("asks each region's own delivery host when nothing is configured", () => {
    expect({
      eu: cdnUrlFor('eu'),
      us: cdnUrlFor('us'),
      ca: cdnUrlFor('ca'),
      ap: cdnUrlFor('ap'),
      cn: cdnUrlFor('cn'),
    }).toEqual({
      eu: 'https://api.storyblok.com/v2/cdn',
      us: 'https://api-us.storyblok.com/v2/cdn',
      ca: 'https://api-ca.storyblok.com/v2/cdn',
      ap: 'https://api-ap.storyblok.com/v2/cdn',
      cn: 'https://app.storyblokchina.cn/v2/cdn',
    });
  });

  it('puts the region into a configured base and drops its trailing slash', () => {
    expect(cdnUrlFor('us', 'http://127.0.0.1:4010/{region}/v2/cdn/')).toBe('http://127.0.0.1:4010/us/v2/cdn');
    expect(cdnUrlFor('ca', 'https://cdn.example.test/v2/cdn')).toBe('https://cdn.example.test/v2/cdn');
  });
});
