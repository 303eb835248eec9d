/** How a translatable field's value is read: its Storyblok type, or the plugin it belongs to. */
export type TranslatableKind =
  'text' | 'textarea' | 'markdown' | 'richtext' | 'polyblok-seo' | 'seo-metatags' | 'asset' | 'multiasset' | 'table';

export interface ComponentSpec {
  name: string;
  /** Fields marked translatable, of a type whose text Polyblok translates. */
  translatable: Map<string, TranslatableKind>;
  /** `bloks` fields: their bloks are walked for keys of their own. */
  nested: Set<string>;
  /** The translatable and `bloks` fields in the order the editor shows them (schema `pos`). */
  order: string[];
}

/** Polyblok's SEO field plugin (plugin/); Storyblok's own SEO app stores its plugin name with an underscore. */
const pluginKinds: Record<string, TranslatableKind> = {
  'polyblok-seo': 'polyblok-seo',
  polyblok_seo: 'polyblok-seo',
  'seo-metatags': 'seo-metatags',
  seo_metatags: 'seo-metatags',
};

/** Storyblok field types whose text Polyblok translates: asset fields their alt texts and titles, tables their cells. */
const textKinds = new Set(['text', 'textarea', 'markdown', 'richtext', 'asset', 'multiasset', 'table']);

function kindOf(field: { type?: unknown; field_type?: unknown }): TranslatableKind | null {
  if (typeof field.type !== 'string') return null;
  if (textKinds.has(field.type)) return field.type as TranslatableKind;
  if (field.type === 'custom' && typeof field.field_type === 'string') return pluginKinds[field.field_type] ?? null;
  return null;
}

/** Reads component definitions as the Management API returns them (`schema` keyed by field name). */
export function readComponents(components: unknown[]): Map<string, ComponentSpec> {
  const specs = new Map<string, ComponentSpec>();
  for (const raw of components) {
    const component = raw as { name?: unknown; schema?: unknown };
    if (typeof component.name !== 'string') continue;
    const spec: ComponentSpec = { name: component.name, translatable: new Map(), nested: new Set(), order: [] };
    const schema = component.schema && typeof component.schema === 'object' ? component.schema : {};
    const positioned: Array<{ name: string; pos: number }> = [];
    for (const [fieldName, definition] of Object.entries(schema as Record<string, unknown>)) {
      if (!definition || typeof definition !== 'object') continue;
      const field = definition as { type?: unknown; field_type?: unknown; translatable?: unknown; pos?: unknown };
      const kind = kindOf(field);
      if (field.type === 'bloks') spec.nested.add(fieldName);
      else if (kind && field.translatable === true) spec.translatable.set(fieldName, kind);
      else continue;
      positioned.push({ name: fieldName, pos: typeof field.pos === 'number' ? field.pos : Number.MAX_SAFE_INTEGER });
    }
    // Stable sort: fields without a position keep the schema's own order after the positioned ones.
    spec.order = positioned.sort((a, b) => a.pos - b.pos).map((field) => field.name);
    specs.set(component.name, spec);
  }
  return specs;
}

/** What the schema says is translatable, as stored with the component (field name to kind). */
export function translatableFieldsOf(spec: ComponentSpec): Record<string, TranslatableKind> {
  return Object.fromEntries(spec.translatable);
}
