// The story, field and assets the SEO plugin's end-to-end tests put in the container.
import type { ContainerConfig } from './field-plugin-container-config.ts';

export const SITE_URL = 'https://www.example.com';

export const storedValue = {
  plugin: 'polyblok-seo',
  _uid: 'seo-value-1',
  title: 'Pricing plans for every team',
  description: 'Compare the Starter, Team and Enterprise plans and pick the one that fits.',
  og_title: 'Polyblok pricing',
  og_description: 'Plans for every content team.',
  og_image: 'https://a.storyblok.com/f/1001/1200x630/a1b2/pricing-card.png',
  twitter_title: '',
  twitter_description: '',
  twitter_image: '',
};

export const assets = [
  {
    id: 71,
    fieldtype: 'asset' as const,
    filename: 'https://a.storyblok.com/f/1001/1200x630/c3d4/team-photo.png',
    name: 'team-photo.png',
    title: 'Team',
    alt: 'The team at work',
    copyright: '',
    focus: '',
  },
  {
    id: 72,
    fieldtype: 'asset' as const,
    filename: 'https://a.storyblok.com/f/1001/1200x630/e5f6/launch-banner.png',
    name: 'launch-banner.png',
    title: 'Launch',
    alt: 'Launch banner',
    copyright: '',
    focus: '',
  },
];

/** A story whose page blok holds the SEO field with this value, in the default language. */
export function config(value: unknown, overrides: Partial<Omit<ContainerConfig, 'pluginUrl'>> = {}) {
  return {
    uid: 'seo-field-1',
    language: '',
    field: 'seo',
    blockId: 'page-1',
    translatable: true,
    options: [{ name: 'site_url', value: SITE_URL }],
    assets,
    story: {
      id: 501,
      name: 'Pricing',
      slug: 'pricing',
      full_slug: 'pricing',
      translated_slugs: [{ lang: 'de', path: 'preise', name: 'Preise' }],
      content: { _uid: 'page-1', component: 'page', headline: 'Pricing', seo: value },
    },
    ...overrides,
  };
}
