import { describe, expect, it } from 'vitest';
import { defaultLanguageValue } from './default-language.ts';
import { emptySeoContent, type SeoContent } from './seo-content.ts';

const seo = (fields: Partial<SeoContent>): SeoContent => ({ ...emptySeoContent(), ...fields });

const english = seo({ title: 'Pricing', description: 'Plans for every team' });
const german = seo({ title: 'Preise', description: 'Pläne für jedes Team' });

function story(blok: Record<string, unknown>) {
  return {
    _uid: 'page-1',
    component: 'page',
    body: [{ _uid: 'hero-1', component: 'hero', headline: 'Hi' }, blok],
  };
}

describe('the default-language value in a translation', () => {
  it('is the field whose translation is the value being edited, in a nested blok', () => {
    const content = story({
      _uid: 'meta-1',
      component: 'meta',
      seo: english,
      seo__i18n__de: german,
      social: seo({ title: 'Other' }),
      social__i18n__de: seo({ title: 'Andere' }),
    });
    expect(defaultLanguageValue(content, 'meta-1', 'de', german)).toEqual(english);
  });

  it('is the only SEO field of the blok when the translation is still empty', () => {
    const content = story({ _uid: 'meta-1', component: 'meta', seo: english, title: 'A plain text field' });
    expect(defaultLanguageValue(content, 'meta-1', 'de', emptySeoContent())).toEqual(english);
  });

  it('reads an untagged or broken default value the way the plugin would show it', () => {
    const content = story({ _uid: 'meta-1', component: 'meta', seo: { title: 'Pricing', description: 7 } });
    expect(defaultLanguageValue(content, 'meta-1', 'de', emptySeoContent())).toMatchObject({
      title: 'Pricing',
      description: '7',
    });
  });

  it('finds a blok embedded in richtext', () => {
    const content = {
      _uid: 'page-1',
      component: 'page',
      text: {
        type: 'doc',
        content: [{ type: 'blok', attrs: { body: [{ _uid: 'meta-2', component: 'meta', seo: english }] } }],
      },
    };
    expect(defaultLanguageValue(content, 'meta-2', 'de', emptySeoContent())).toEqual(english);
  });

  it('is unknown when several SEO fields could be the one, or the blok is missing', () => {
    const content = story({ _uid: 'meta-1', component: 'meta', seo: english, social: seo({ title: 'Other' }) });
    expect(defaultLanguageValue(content, 'meta-1', 'de', emptySeoContent())).toBeNull();
    expect(defaultLanguageValue(content, 'gone', 'de', emptySeoContent())).toBeNull();
    expect(defaultLanguageValue(content, undefined, 'de', emptySeoContent())).toBeNull();
  });

  it('is not looked up in the default language itself', () => {
    const content = story({ _uid: 'meta-1', component: 'meta', seo: english });
    expect(defaultLanguageValue(content, 'meta-1', 'default', english)).toBeNull();
  });
});
