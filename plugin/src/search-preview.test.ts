import { describe, expect, it } from 'vitest';
import { createMeasureText, previewUrl, truncateToWidth } from './search-preview.ts';

/** One pixel per character keeps the expected cuts readable. */
const perCharacter = (text: string) => text.length;

describe('cutting a text the way Google does', () => {
  it('leaves a text that fits alone, with its whitespace tidied', () => {
    expect(truncateToWidth('  Pricing   plans\n', 20, perCharacter)).toBe('Pricing plans');
  });

  it('cuts after the last whole word that fits with the ellipsis', () => {
    expect(truncateToWidth('Plans for every team and budget', 20, perCharacter)).toBe('Plans for every ...');
  });

  it('cuts inside a single word longer than the line', () => {
    expect(truncateToWidth('Supercalifragilistic', 10, perCharacter)).toBe('Superc ...');
  });

  it('measures pixels, not characters: wide letters are cut sooner', () => {
    const wideW = (text: string) => Array.from(text).reduce((sum, char) => sum + (char === 'W' ? 3 : 1), 0);
    expect(truncateToWidth('WWW WWW WWW', 20, wideW)).toBe('WWW ...');
    expect(truncateToWidth('iii iii iii', 20, wideW)).toBe('iii iii iii');
  });

  it('estimates widths from the font size without a canvas', () => {
    expect(createMeasureText('20px Arial')('abcd')).toBeCloseTo(4 * 20 * 0.53);
  });
});

describe('the address in the preview', () => {
  const story = {
    content: {},
    full_slug: 'blog/launch',
    path: '',
    translated_slugs: [{ lang: 'de', path: 'blog/start' }],
  };

  it('is the site and the story’s slug as Google’s breadcrumb', () => {
    expect(previewUrl(story, 'default', 'https://www.example.com')).toEqual({
      siteName: 'example.com',
      breadcrumb: 'https://www.example.com › blog › launch',
    });
  });

  it('uses the story’s real path when it has one, and keeps a site’s own base path', () => {
    expect(previewUrl({ ...story, path: 'news/launch/' }, 'default', 'https://example.com/shop/').breadcrumb).toBe(
      'https://example.com › shop › news › launch',
    );
  });

  it('puts the language first in a translation, with its translated slug when there is one', () => {
    expect(previewUrl(story, 'de', 'https://example.com').breadcrumb).toBe('https://example.com › de › blog › start');
    expect(previewUrl(story, 'fr', 'https://example.com').breadcrumb).toBe('https://example.com › fr › blog › launch');
  });

  it('shows the path alone without a usable site address', () => {
    expect(previewUrl(story, 'default', '')).toEqual({ siteName: null, breadcrumb: '/blog/launch' });
    expect(previewUrl(story, 'default', 'not a url')).toEqual({ siteName: null, breadcrumb: '/blog/launch' });
  });
});
