/**
 * Translated slugs: the part of a page's address in one language. Storyblok's Translatable Slugs keep one per
 * language beside the story's own slug; Polyblok translates it as a key of the story (`special_polyblok_slug`).
 */

export const SLUG_FIELD_TYPE = 'special_polyblok_slug';

/** The story's slug as a key: not a blok's field, so named after the story (unique in the space, as blok uids). */
export const slugKeyOf = (storyblokId: number) => `story-${storyblokId}:story:slug`;

/** Lowercase letters, digits and dashes, with at least one letter or digit. */
export function isSlug(value: string): boolean {
  return /^[a-z0-9-]+$/.test(value) && /[a-z0-9]/.test(value);
}

/**
 * A text as a slug: accents dropped (é to e, ß to ss), lowercase, every run of other characters one dash, no
 * dash at either end. Empty when nothing of the text can stand in an address (a text in another script).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const INVALID_SLUG_MESSAGE = 'A slug takes lowercase letters, digits and dashes only, like "about-us".';
