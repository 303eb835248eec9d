import type { StoryData } from '@storyblok/field-plugin';
import { DEFAULT_LANGUAGE } from './default-language.ts';

/**
 * Google cuts a desktop title past about 600 px of 20 px Arial and a description past about 920 px
 * of 14 px Arial (two lines of its result column), at a word, with an ellipsis. Pixels, not
 * characters: forty W's do not fit where sixty i's do.
 */
export const TITLE_FONT = '20px Arial, sans-serif';
export const TITLE_MAX_WIDTH = 600;
export const DESCRIPTION_FONT = '14px Arial, sans-serif';
export const DESCRIPTION_MAX_WIDTH = 920;

const ELLIPSIS = ' ...';

/** Width in pixels of a text in the font the measurer was made for. */
export type MeasureText = (text: string) => number;

/** Shortens a text to fit `maxWidth` the way Google does: at the last whole word, with an ellipsis. */
export function truncateToWidth(text: string, maxWidth: number, measure: MeasureText): string {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (measure(normalized) <= maxWidth) return normalized;
  const words = normalized.split(' ');
  let fitted = '';
  for (const word of words) {
    const candidate = fitted === '' ? word : `${fitted} ${word}`;
    if (measure(candidate + ELLIPSIS) > maxWidth) break;
    fitted = candidate;
  }
  // A first word longer than the whole line is cut inside the word, as Google does.
  if (fitted === '') {
    const characters = Array.from(normalized);
    let count = characters.length;
    while (count > 0 && measure(characters.slice(0, count).join('') + ELLIPSIS) > maxWidth) count -= 1;
    fitted = characters.slice(0, count).join('');
  }
  return fitted + ELLIPSIS;
}

/**
 * Measures with the browser's text metrics. Where there is no canvas (tests, very old browsers) it
 * estimates from the font size: Arial averages a little over half an em per character.
 */
export function createMeasureText(font: string): MeasureText {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context) {
    context.font = font;
    return (text) => context.measureText(text).width;
  }
  const size = Number.parseFloat(font) || 16;
  return (text) => Array.from(text).length * size * 0.53;
}

function parseSiteUrl(siteUrl: string): URL | null {
  if (siteUrl.trim() === '') return null;
  try {
    return new URL(siteUrl.trim());
  } catch {
    return null;
  }
}

export interface PreviewUrl {
  /** The site's host without `www.` (Google's site name line), or null without a configured site. */
  siteName: string | null;
  /** `https://example.com › blog › post`, or the path alone without a configured site. */
  breadcrumb: string;
}

function translatedPath(story: StoryData, language: string): string | null {
  const slugs = story.translated_slugs;
  if (!Array.isArray(slugs)) return null;
  const entry = slugs.find(
    (slug): slug is { lang: string; path: string } =>
      typeof slug === 'object' && slug !== null && slug.lang === language && typeof slug.path === 'string',
  );
  return entry && entry.path !== '' ? entry.path : null;
}

/**
 * The story's address on the site: the story's real path (`path`) or its `full_slug`, after the
 * language code in a translation (Storyblok's usual field-level routing), with its translated slug
 * when the space has them.
 */
export function previewUrl(story: StoryData, language: string, siteUrl: string): PreviewUrl {
  const ownPath = typeof story.path === 'string' && story.path !== '' ? story.path : story.full_slug;
  const storyPath = typeof ownPath === 'string' ? ownPath : '';
  const path =
    language === DEFAULT_LANGUAGE ? storyPath : `${language}/${translatedPath(story, language) ?? storyPath}`;
  const segments = path.split('/').filter((segment) => segment !== '');

  const site = parseSiteUrl(siteUrl);
  if (!site) return { siteName: null, breadcrumb: `/${segments.join('/')}` };
  // A site served under a path (https://example.com/shop) keeps it before the story's path.
  const base = site.pathname.split('/').filter((segment) => segment !== '');
  return {
    siteName: site.hostname.replace(/^www\./, ''),
    breadcrumb: [`${site.protocol}//${site.host}`, ...base, ...segments].join(' › '),
  };
}
