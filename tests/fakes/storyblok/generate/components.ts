/**
 * The schema of the generated space. Translatable text fields carry `translatable: true`; `internal_note`,
 * `author` and `button.link` are text or links that must stay untranslated; `legacy_banner` bloks appear in
 * content but have no entry here, as in spaces whose component was deleted, so a sync can count skipped bloks.
 */
type Field = Record<string, unknown> & { type: string; pos: number };

function fields(defs: Array<[string, string, boolean, Record<string, unknown>?]>): Record<string, Field> {
  return Object.fromEntries(
    defs.map(([name, type, translatable, extra], pos) => [
      name,
      { type, pos, ...(type === 'bloks' || type === 'section' ? {} : { translatable }), ...extra },
    ]),
  );
}

const seoField = { field_type: 'seo-metatags', options: [] };

export const generatedComponents = [
  {
    name: 'page',
    is_root: true,
    is_nestable: false,
    schema: fields([
      ['title', 'text', true],
      ['seo', 'custom', true, seoField],
      ['body', 'bloks', false],
      ['internal_note', 'text', false],
      ['hero_image', 'asset', false, { filetypes: ['images'] }],
    ]),
  },
  {
    name: 'article',
    is_root: true,
    is_nestable: false,
    schema: fields([
      ['headline', 'text', true],
      ['teaser', 'textarea', true],
      ['content', 'richtext', true],
      ['notes', 'markdown', true, { rich_markdown: true }],
      ['author', 'text', false],
      [
        'category',
        'option',
        false,
        {
          options: [
            { name: 'News', value: 'news' },
            { name: 'Guide', value: 'guide' },
          ],
        },
      ],
      ['seo', 'custom', true, seoField],
      ['related', 'bloks', false],
    ]),
  },
  {
    name: 'hero',
    schema: fields([
      ['headline', 'text', true],
      ['subline', 'textarea', true],
      ['buttons', 'bloks', false],
    ]),
  },
  {
    name: 'button',
    schema: fields([
      ['label', 'text', true],
      ['link', 'multilink', false],
    ]),
  },
  { name: 'text_block', schema: fields([['text', 'richtext', true]]) },
  {
    name: 'faq',
    schema: fields([
      ['title', 'text', true],
      ['items', 'bloks', false],
    ]),
  },
  {
    name: 'faq_item',
    schema: fields([
      ['question', 'text', true],
      ['answer', 'markdown', true],
    ]),
  },
  {
    name: 'quote',
    schema: fields([
      ['quote', 'textarea', true],
      ['author', 'text', false],
    ]),
  },
  {
    name: 'callout',
    schema: fields([
      ['title', 'text', true],
      ['body', 'textarea', true],
      ['tone', 'option', false],
    ]),
  },
  {
    name: 'data_table',
    schema: fields([
      ['caption', 'text', true],
      ['table', 'table', true],
    ]),
  },
].map((component, index) => ({
  id: 5000 + index + 1,
  display_name: null,
  is_root: false,
  is_nestable: true,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  ...component,
}));

/** Translatable fields per component, for the content generator. */
export function translatableFields(component: string): string[] {
  const found = generatedComponents.find((c) => c.name === component);
  if (!found) return [];
  return Object.entries(found.schema)
    .filter(([, field]) => field.translatable === true)
    .map(([name]) => name);
}
