import { describe, expect, it } from 'vitest';
import { readComponents } from './component-schema.ts';
import { contentHash } from './content-hash.ts';
import { extractKeys } from './extract-keys.ts';

const components = readComponents([
  {
    name: 'page',
    schema: {
      body: { type: 'bloks', pos: 2 },
      title: { type: 'text', translatable: true, pos: 0 },
      internal_note: { type: 'text', pos: 1 },
      seo: { type: 'custom', field_type: 'polyblok-seo', translatable: true, pos: 3 },
    },
  },
  {
    name: 'teaser',
    schema: {
      headline: { type: 'text', translatable: true, pos: 0 },
      text: { type: 'richtext', translatable: true, pos: 1 },
      intro: { type: 'markdown', translatable: true, pos: 2 },
      color: { type: 'option', translatable: true, pos: 3 },
    },
  },
  { name: 'callout', schema: { label: { type: 'textarea', translatable: true }, items: { type: 'bloks' } } },
  { name: 'meta', schema: { seo: { type: 'custom', field_type: 'seo-metatags', translatable: true } } },
]);

const richtext = (text: string, embeddedLabel: string) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: `${text} ` },
        { type: 'text', text: 'Weather API', marks: [{ type: 'link', attrs: { href: '/api', linktype: 'story' } }] },
        { type: 'hard_break' },
        { type: 'text', text: 'today', marks: [{ type: 'bold' }] },
      ],
    },
    {
      type: 'blok',
      attrs: { id: 'b1', body: [{ _uid: 'c1', component: 'callout', label: embeddedLabel, items: [] }] },
    },
    { type: 'paragraph' },
  ],
});

const story = {
  _uid: 'p1',
  component: 'page',
  title: 'Welcome',
  title__i18n__de: 'Willkommen',
  title__i18n__es: 'Bienvenido',
  internal_note: 'not for translators',
  seo: {
    plugin: 'polyblok-seo',
    title: 'Best weather',
    description: 'Forecasts',
    og_image: 'https://a.test/x.png',
    og_title: '',
  },
  seo__i18n__de: { plugin: 'polyblok-seo', title: 'Bestes Wetter', description: '' },
  body: [
    {
      _uid: 't1',
      component: 'teaser',
      headline: 'Hello',
      headline__i18n__fr: 'Bonjour',
      text: richtext('Buy', 'Limited offer'),
      text__i18n__de: richtext('Kaufen Sie', 'Begrenztes Angebot'),
      intro: '## Why\nRead the [docs](https://x.test) **now**',
      color: 'red',
    },
    { _uid: 'u1', component: 'carousel', slides: [{ _uid: 't9', component: 'teaser', headline: 'Hidden' }] },
    { _uid: 'm1', component: 'meta', seo: { plugin: 'seo_metatags', title: 'Meta title', twitter_title: 'Tweet' } },
    { _uid: 'c2', component: 'callout', label: '   ', items: [{ _uid: 't2', component: 'teaser', headline: 'Deep' }] },
  ],
};

describe('extractKeys', () => {
  const { keys, skippedComponents } = extractKeys(story, components, ['de', 'fr']);
  const byKey = new Map(keys.map((key) => [key.key, key]));

  it('finds every translatable text in schema order, nested to any depth and inside richtext', () => {
    expect(keys.map((key) => `${key.key} ${key.fieldType}`)).toEqual([
      'p1:page:title text',
      't1:teaser:headline text',
      't1:teaser:text richtext',
      'c1:callout:label textarea',
      't1:teaser:intro markdown',
      'm1:meta:seo:title custom_seo',
      'm1:meta:seo:twitter_title custom_seo',
      't2:teaser:headline text',
      'p1:page:seo:title special_polyblok_seo_title',
      'p1:page:seo:description special_polyblok_seo_description',
    ]);
    expect(keys.map((key) => key.position)).toEqual(keys.map((_, index) => index));
  });

  it('skips bloks of unknown components with everything inside them, and counts them', () => {
    expect(skippedComponents).toEqual({ carousel: 1 });
    expect(keys.some((key) => key.key.startsWith('t9:'))).toBe(false);
  });

  it('reads existing field-level translations for the space locales only', () => {
    expect(byKey.get('p1:page:title')?.translations).toEqual({ de: { value: 'Willkommen', valueText: 'Willkommen' } });
    expect(byKey.get('t1:teaser:headline')?.translations).toEqual({ fr: { value: 'Bonjour', valueText: 'Bonjour' } });
    expect(byKey.get('p1:page:seo:title')?.translations.de?.value).toBe('Bestes Wetter');
    expect(byKey.get('p1:page:seo:description')?.translations).toEqual({});
  });

  it('takes translations of bloks embedded in richtext from the translated document', () => {
    expect(byKey.get('c1:callout:label')?.translations).toEqual({
      de: { value: 'Begrenztes Angebot', valueText: 'Begrenztes Angebot' },
    });
    expect(byKey.get('t1:teaser:text')?.translations.de?.valueText).toBe('Kaufen Sie Weather API\ntoday');
  });

  it('reads a translated document that only carries its bloks’ translations as no translation of the text', () => {
    const carrier = structuredClone(story);
    carrier.body[0] = { ...carrier.body[0]!, text__i18n__fr: richtext('Buy', 'Offre limitée') } as never;
    const found = new Map(extractKeys(carrier, components, ['de', 'fr']).keys.map((key) => [key.key, key]));
    expect(found.get('t1:teaser:text')?.translations.fr).toBeUndefined();
    expect(found.get('c1:callout:label')?.translations.fr?.value).toBe('Offre limitée');
  });

  it('gives plain text for richtext and markdown, and word counts', () => {
    const text = byKey.get('t1:teaser:text')!;
    expect(text.valueText).toBe('Buy Weather API\ntoday');
    expect(text.wordCount).toBe(4);
    expect(byKey.get('t1:teaser:intro')?.valueText).toBe('Why\nRead the docs now');
  });

  it('hashes the source value independently of key order', () => {
    const title = byKey.get('p1:page:title')!;
    expect(title.hash).toBe(contentHash('Welcome'));
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reverseKeys(v)]),
            )
          : value;
    const reordered = reverseKeys(story.body[0]!.text);
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(story.body[0]!.text));
    expect(contentHash(reordered)).toBe(byKey.get('t1:teaser:text')?.hash);
    expect(contentHash(richtext('Sell', 'Limited offer'))).not.toBe(byKey.get('t1:teaser:text')?.hash);
  });

  it('leaves out empty values and non-text types even when marked translatable', () => {
    expect(byKey.has('c2:callout:label')).toBe(false);
    expect(byKey.has('t1:teaser:color')).toBe(false);
    expect(byKey.has('p1:page:seo:og_title')).toBe(false);
    expect(byKey.has('p1:page:internal_note')).toBe(false);
  });

  it('answers nothing for content that is not a blok', () => {
    expect(extractKeys(null, components, ['de'])).toEqual({ keys: [], skippedComponents: {} });
    expect(extractKeys({ component: 'page' }, components, ['de']).keys).toEqual([]);
  });
});
