import { describe, expect, it } from 'vitest';
import { toStoryblokRegion } from './space-region.ts';

describe('toStoryblokRegion', () => {
  it('answers the stored region in lower case, as Storyblok writes it either way', () => {
    expect(toStoryblokRegion('us', 123n)).toBe('us');
    expect(toStoryblokRegion('AP', 123n)).toBe('ap');
    expect(toStoryblokRegion(' Ca ', 123n)).toBe('ca');
    expect(toStoryblokRegion('cn', 123n)).toBe('cn');
  });

  it('falls back to the region the space id encodes when the stored one is unknown', () => {
    expect(toStoryblokRegion('', 1_500_000n)).toBe('us');
    expect(toStoryblokRegion('mars', 3_500_000n)).toBe('ap');
    expect(toStoryblokRegion('mars', 123n)).toBe('eu');
  });
});
