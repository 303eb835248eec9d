import type { Random } from '../random.ts';
import { translatableFields } from './components.ts';
import { richtextDoc, translateDoc, type RichNode } from './richtext.ts';
import { languages, markdown, paragraph, retell, sentence, title, type GeneratedLanguage } from './words.ts';

type Blok = Record<string, unknown> & { _uid: string; component: string };

const people = ['Ada Stone', 'Bruno Keller', 'Chloé Martin', 'Diego Alves', 'Emma Novak', 'Farid Haddad'];

function blok(r: Random, component: string, fields: Record<string, unknown>): Blok {
  return { _uid: r.uuid(), component, ...fields };
}

function asset(r: Random, name: string) {
  const id = r.int(100000, 999999);
  return {
    id,
    alt: '',
    name: '',
    focus: '',
    title: '',
    filename: `https://a.storyblok.com/f/290001/1200x630/${id.toString(16)}/${name}.jpg`,
    copyright: '',
    fieldtype: 'asset',
    meta_data: {},
    is_external_url: false,
  };
}

function seo(r: Random) {
  return {
    _uid: r.uuid(),
    plugin: 'seo_metatags',
    title: title(r, 'en', 3, 7),
    description: sentence(r, 'en', 8, 16),
    og_title: r.chance(0.6) ? title(r, 'en') : '',
    og_description: r.chance(0.5) ? sentence(r, 'en') : '',
    og_image: r.chance(0.5) ? asset(r, 'og').filename : '',
    twitter_title: r.chance(0.4) ? title(r, 'en') : '',
    twitter_description: r.chance(0.3) ? sentence(r, 'en') : '',
    twitter_image: r.chance(0.3) ? asset(r, 'twitter').filename : '',
  };
}

export class ContentGenerator {
  private readonly r: Random;
  private readonly storyUuids: string[];

  private readonly bodyBloks: readonly [number, number];

  constructor(r: Random, storyUuids: string[], bodyBloks: readonly [number, number] = [1, 4]) {
    this.r = r;
    this.storyUuids = storyUuids;
    this.bodyBloks = bodyBloks;
  }

  private button(): Blok {
    const url = `https://example.com/${this.r.pick(['signup', 'contact', 'pricing'])}`;
    return blok(this.r, 'button', {
      label: title(this.r, 'en', 1, 3),
      link: { id: '', url, linktype: 'url', fieldtype: 'multilink', cached_url: url },
    });
  }

  callout(): Blok {
    const r = this.r;
    return blok(r, 'callout', { title: title(r, 'en'), body: sentence(r, 'en'), tone: r.pick(['info', 'warning']) });
  }

  private doc(): RichNode {
    return richtextDoc(this.r, 'en', this.storyUuids, () => this.callout());
  }

  private table() {
    const r = this.r;
    const cols = r.int(2, 3);
    const cell = (component: string) => ({ _uid: r.uuid(), component, value: title(r, 'en', 1, 3) });
    return {
      fieldtype: 'table',
      thead: Array.from({ length: cols }, () => cell('_table_head')),
      tbody: Array.from({ length: r.int(1, 3) }, () => ({
        _uid: r.uuid(),
        component: '_table_row',
        body: Array.from({ length: cols }, () => cell('_table_col')),
      })),
    };
  }

  /** One nestable blok for a `body` field; now and then one of a component missing from components.json. */
  bodyBlok(): Blok {
    const r = this.r;
    const kinds: Array<() => Blok> = [
      () => blok(r, 'hero', { headline: title(r, 'en'), subline: sentence(r, 'en'), buttons: [this.button()] }),
      () => blok(r, 'text_block', { text: this.doc() }),
      () =>
        blok(r, 'faq', {
          title: title(r, 'en'),
          items: Array.from({ length: r.int(2, 4) }, () =>
            blok(r, 'faq_item', { question: `${title(r, 'en', 3, 7)}?`, answer: markdown(r, 'en') }),
          ),
        }),
      () => blok(r, 'quote', { quote: paragraph(r, 'en', 2), author: r.pick(people) }),
      () => blok(r, 'data_table', { caption: title(r, 'en'), table: this.table() }),
    ];
    if (r.chance(0.08)) return blok(r, 'legacy_banner', { headline: title(r, 'en'), text: sentence(r, 'en') });
    return r.pick(kinds)();
  }

  page(): Blok {
    const r = this.r;
    return blok(r, 'page', {
      title: title(r, 'en'),
      seo: seo(r),
      body: Array.from({ length: r.int(...this.bodyBloks) }, () => this.bodyBlok()),
      internal_note: r.chance(0.5) ? sentence(r, 'en') : '',
      hero_image: asset(r, 'hero'),
    });
  }

  article(): Blok {
    const r = this.r;
    return blok(r, 'article', {
      headline: title(r, 'en', 3, 8),
      teaser: paragraph(r, 'en', 2),
      content: this.doc(),
      notes: markdown(r, 'en'),
      author: r.pick(people),
      category: r.pick(['news', 'guide']),
      seo: seo(r),
      related: r.chance(0.5) ? [this.bodyBlok()] : [],
    });
  }

  private translateValue(field: string, value: unknown, lang: GeneratedLanguage): unknown {
    const r = this.r;
    if (typeof value === 'string') {
      if (!value) return value;
      return field === 'notes' || field === 'answer' ? markdown(r, lang) : retell(r, lang, value);
    }
    if (value && typeof value === 'object' && (value as RichNode).type === 'doc') {
      return translateDoc(value as RichNode, r, lang, (embedded) => this.translateBlokFields(embedded, lang));
    }
    if (value && typeof value === 'object') {
      // Plugin values (SEO) and tables: every text leaf retold, URLs and ids kept.
      return JSON.parse(
        JSON.stringify(value, (key, v: unknown) =>
          typeof v === 'string' && v && !/^(_uid|component|plugin|fieldtype)$/.test(key) && !/^https?:/.test(v)
            ? retell(r, lang, v)
            : v,
        ),
      ) as unknown;
    }
    return value;
  }

  private translateBlokFields(source: Record<string, unknown>, lang: GeneratedLanguage): Record<string, unknown> {
    const out = { ...source };
    for (const field of translatableFields(String(source.component))) {
      if (field in source) out[field] = this.translateValue(field, source[field], lang);
    }
    return out;
  }

  /** Adds `<field>__i18n__<code>` to translatable fields, each language with its own probability, recursively. */
  addTranslations(node: unknown, coverage: Partial<Record<GeneratedLanguage, number>>): void {
    if (Array.isArray(node)) {
      for (const item of node) this.addTranslations(item, coverage);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const b = node as Record<string, unknown>;
    if (typeof b.component !== 'string' || typeof b._uid !== 'string') return;
    for (const field of translatableFields(b.component)) {
      if (!(field in b)) continue;
      for (const { code } of languages) {
        if (this.r.chance(coverage[code] ?? 0))
          b[`${field}__i18n__${code}`] = this.translateValue(field, b[field], code);
      }
    }
    for (const value of Object.values(b)) if (Array.isArray(value)) this.addTranslations(value, coverage);
  }
}
