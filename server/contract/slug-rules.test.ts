import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug-rules.ts';

describe('slugs', () => {
  it('take lowercase letters, digits and dashes only', () => {
    expect(isSlug('uber-uns-2')).toBe(true);
    expect(isSlug('Uber-uns')).toBe(false);
    expect(isSlug('über-uns')).toBe(false);
    expect(isSlug('a b')).toBe(false);
    expect(isSlug('---')).toBe(false);
    expect(isSlug('')).toBe(false);
  });

  it('are made from a text as an address would spell it', () => {
    expect(slugify('Über uns & Geschäftsführung')).toBe('uber-uns-geschaftsfuhrung');
    expect(slugify('  Straße / Ærø 2024!  ')).toBe('strasse-aero-2024');
    expect(slugify('Équipe')).toBe('equipe');
    expect(slugify('東京')).toBe('');
  });
});
