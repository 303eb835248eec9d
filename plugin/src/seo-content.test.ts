import { describe, expect, it } from 'vitest';
import { characterCount, emptySeoContent, isUsableImageUrl, validateSeoContent } from './seo-content.ts';

describe('the value the plugin stores', () => {
  it('keeps a valid value as it is, with Storyblok’s _uid', () => {
    const value = { ...emptySeoContent(), _uid: 'abc', title: 'Hello', og_image: 'https://a.storyblok.com/f/1/a.png' };
    expect(validateSeoContent(value)).toEqual({ content: value, repairs: [] });
  });

  it('tags an untagged value with the plugin name without calling it a repair', () => {
    const { content, repairs } = validateSeoContent({ title: 'Hello' });
    expect(content.plugin).toBe('polyblok-seo');
    expect(content.title).toBe('Hello');
    expect(repairs).toEqual([]);
  });

  it('takes over a value of Storyblok’s SEO app, which has the same sub-fields', () => {
    const { content, repairs } = validateSeoContent({ plugin: 'seo_metatags', title: 'Hello', description: 'World' });
    expect(content).toMatchObject({ plugin: 'polyblok-seo', title: 'Hello', description: 'World' });
    expect(repairs).toEqual(['plugin was "seo_metatags" and is now "polyblok-seo"']);
  });

  it('turns a bare text into the title rather than dropping it', () => {
    const { content, repairs } = validateSeoContent('Old SEO title');
    expect(content.title).toBe('Old SEO title');
    expect(repairs).toHaveLength(1);
  });

  it('replaces a value that is not an object and holds no text', () => {
    expect(validateSeoContent(42)).toEqual({
      content: emptySeoContent(),
      repairs: ['the value was number instead of an object and was replaced by an empty one'],
    });
    expect(validateSeoContent(['a']).repairs).toEqual([
      'the value was a list instead of an object and was replaced by an empty one',
    ]);
  });

  it('turns null sub-fields into empty texts quietly and booleans into empty texts with a note', () => {
    const { content, repairs } = validateSeoContent({ title: null, description: true });
    expect(content.title).toBe('');
    expect(content.description).toBe('');
    expect(repairs).toEqual(['the description held no text (a boolean) and was cleared']);
  });

  it('does not read an asset object in a text sub-field as text', () => {
    const { content, repairs } = validateSeoContent({ og_title: { filename: 'https://x/y.png' } });
    expect(content.og_title).toBe('');
    expect(repairs).toEqual(['the Open Graph title held no text (an object) and was cleared']);
  });
});

describe('counting and checking', () => {
  it('counts what a reader sees as one character as one', () => {
    expect(characterCount('Crème brûlée 🍮')).toBe(14);
  });

  it('accepts only absolute web addresses (or nothing) as images', () => {
    expect(isUsableImageUrl('')).toBe(true);
    expect(isUsableImageUrl('https://a.storyblok.com/f/1/a.png')).toBe(true);
    expect(isUsableImageUrl('//a.storyblok.com/f/1/a.png')).toBe(true);
    expect(isUsableImageUrl('/images/a.png')).toBe(false);
    expect(isUsableImageUrl('javascript:alert(1)')).toBe(false);
  });
});
