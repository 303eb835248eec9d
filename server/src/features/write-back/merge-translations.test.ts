import { describe, expect, it } from 'vitest';
import { contentHash } from '../../storyblok-content/content-hash.ts';
import { mergeTranslations, type PendingTranslation } from './merge-translations.ts';

const doc = (text: string, label: string) => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text }] },
    { type: 'blok', attrs: { id: 'x', body: [{ _uid: 'c1', component: 'callout', label }] } },
  ],
});

const live = {
  _uid: 'p1',
  component: 'page',
  title: 'Welcome',
  title__i18n__fr: 'Bienvenue',
  seo: { plugin: 'polyblok-seo', title: 'Best weather', description: 'Forecasts', og_image: 'https://a.test/i.png' },
  body: [{ _uid: 't1', component: 'teaser', headline: 'Hello', text: doc('Buy now', 'Limited offer') }],
};

const pending = (
  partial: Partial<PendingTranslation> & Pick<PendingTranslation, 'key' | 'value' | 'sourceHash'>,
): PendingTranslation => ({
  field: partial.key.split(':')[2]!,
  fieldType: 'text',
  code: 'de',
  ...partial,
});

describe('mergeTranslations', () => {
  it('adds field-level translations and leaves everything else as Storyblok had it', () => {
    const { content, written, skipped } = mergeTranslations(live, [
      pending({ key: 'p1:page:title', value: 'Willkommen', sourceHash: contentHash('Welcome') }),
      pending({ key: 't1:teaser:headline', value: 'Hallo', sourceHash: contentHash('Hello') }),
    ]);
    expect(written).toEqual(['p1:page:title|de', 't1:teaser:headline|de']);
    expect(skipped).toEqual([]);
    expect(content).toEqual({
      ...live,
      title__i18n__de: 'Willkommen',
      body: [{ ...live.body[0], headline__i18n__de: 'Hallo' }],
    });
    expect(live).not.toHaveProperty('title__i18n__de');
  });

  it('never writes a translation over a source that changed in Storyblok since', () => {
    const { content, skipped } = mergeTranslations(live, [
      pending({ key: 'p1:page:title', value: 'Willkommen', sourceHash: contentHash('Welcome!') }),
    ]);
    expect(skipped).toEqual(['p1:page:title|de']);
    expect(content).toEqual(live);
  });

  it('skips keys whose blok is gone, and tells them from keys whose source changed', () => {
    const result = mergeTranslations(live, [
      pending({ key: 'zz:teaser:headline', value: 'x', sourceHash: 'h' }),
      pending({ key: 'p1:page:title', value: 'Willkommen', sourceHash: contentHash('Welcome!') }),
    ]);
    expect(result.skipped).toEqual(['zz:teaser:headline|de', 'p1:page:title|de']);
    expect(result.sourceChanged).toEqual(['p1:page:title|de']);
  });

  it('writes richtext as a whole document with the embedded bloks’ translations inside it', () => {
    const source = live.body[0]!.text;
    const { content, written } = mergeTranslations(live, [
      pending({
        key: 't1:teaser:text',
        fieldType: 'richtext',
        value: doc('Jetzt kaufen', 'Limited offer'),
        sourceHash: contentHash(source),
      }),
      pending({
        key: 'c1:callout:label',
        fieldType: 'textarea',
        value: 'Begrenztes Angebot',
        sourceHash: contentHash('Limited offer'),
      }),
    ]);
    const teaser = (content.body as Array<Record<string, unknown>>)[0]!;
    expect(teaser.text__i18n__de).toEqual(doc('Jetzt kaufen', 'Begrenztes Angebot'));
    expect(teaser.text).toEqual(source);
    expect(written.sort()).toEqual(['c1:callout:label|de', 't1:teaser:text|de']);
  });

  it('writes a translation of a blok embedded in richtext that has no translation in that language', () => {
    const source = live.body[0]!.text;
    const { content, written, skipped } = mergeTranslations(live, [
      pending({
        key: 'c1:callout:label',
        fieldType: 'textarea',
        value: 'Begrenztes Angebot',
        sourceHash: contentHash('Limited offer'),
      }),
    ]);
    const teaser = (content.body as Array<Record<string, unknown>>)[0]!;
    // The source document with the blok translated: readers of German see the source text, as before.
    expect(teaser.text__i18n__de).toEqual(doc('Buy now', 'Begrenztes Angebot'));
    expect(teaser.text).toEqual(source);
    expect(written).toEqual(['c1:callout:label|de']);
    expect(skipped).toEqual([]);
  });

  it('builds on the document Storyblok holds for the language when there is one', () => {
    const withFrench = structuredClone(live);
    withFrench.body[0] = { ...withFrench.body[0]!, text__i18n__fr: doc('Achetez', 'Limited offer') } as never;
    const { content } = mergeTranslations(withFrench, [
      pending({
        key: 'c1:callout:label',
        fieldType: 'textarea',
        code: 'fr',
        value: 'Offre limitée',
        sourceHash: contentHash('Limited offer'),
      }),
    ]);
    const teaser = (content.body as Array<Record<string, unknown>>)[0]!;
    expect(teaser.text__i18n__fr).toEqual(doc('Achetez', 'Offre limitée'));
  });

  it('never writes an embedded blok’s translation over a source that changed', () => {
    const result = mergeTranslations(live, [
      pending({ key: 'c1:callout:label', fieldType: 'textarea', value: 'x', sourceHash: contentHash('Old offer') }),
    ]);
    expect(result.content).toEqual(live);
    expect(result.sourceChanged).toEqual(['c1:callout:label|de']);
  });

  it('writes SEO sub-fields into one object per language, keeping the images', () => {
    const { content } = mergeTranslations(live, [
      pending({
        key: 'p1:page:seo:title',
        field: 'seo',
        fieldType: 'special_polyblok_seo_title',
        value: 'Bestes Wetter',
        sourceHash: contentHash('Best weather'),
      }),
      pending({
        key: 'p1:page:seo:description',
        field: 'seo',
        fieldType: 'special_polyblok_seo_description',
        value: 'Vorhersagen',
        sourceHash: contentHash('Forecasts'),
      }),
    ]);
    expect(content.seo__i18n__de).toEqual({
      plugin: 'polyblok-seo',
      title: 'Bestes Wetter',
      description: 'Vorhersagen',
      og_image: 'https://a.test/i.png',
    });
    expect(content.seo).toEqual(live.seo);
  });
});
