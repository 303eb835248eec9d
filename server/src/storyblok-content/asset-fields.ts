/**
 * Translatable asset fields: what a person reads of an image (its alt text and title) is translated; the image is
 * never changed. Storyblok keeps a language's version of an asset field as a whole copy of the asset object
 * (`image__i18n__de`), with alt and title both at the top level and in `meta_data`.
 */

export const assetTextParts = ['alt', 'title'] as const;
export type AssetTextPart = (typeof assetTextParts)[number];

export type AssetObject = Record<string, unknown> & { filename?: unknown; id?: unknown };

export const isAsset = (value: unknown): value is AssetObject =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as AssetObject).filename === 'string';

/** The key field type of an asset's alt text or title. */
export const assetFieldType = (part: AssetTextPart) => `special_polyblok_asset_${part}`;

export const isAssetFieldType = (fieldType: string) => fieldType.startsWith('special_polyblok_asset_');

/** An asset's alt text or title: the top-level value, or the asset library's where the field has none of its own. */
export function assetText(asset: unknown, part: AssetTextPart): string | null {
  if (!isAsset(asset)) return null;
  const own = asset[part];
  if (typeof own === 'string' && own.trim() !== '') return own;
  const meta = asset.meta_data;
  const fromLibrary = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[part] : undefined;
  return typeof fromLibrary === 'string' && fromLibrary.trim() !== '' ? fromLibrary : null;
}

/** The image of an asset, for a thumbnail beside its texts: only web addresses, never a script. */
export function assetImage(asset: unknown): string | null {
  if (!isAsset(asset)) return null;
  const filename = asset.filename as string;
  return /^https?:\/\//i.test(filename) ? filename : null;
}

/**
 * Names of the items of a multiasset field inside its keys, in order: `a<asset id>`, or `i<position>` for an
 * item without an id (an external address); an asset placed twice gets `.2`, `.3`… so every item has its own.
 */
export function assetItemNames(items: unknown[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    const id = isAsset(item) && (typeof item.id === 'number' || typeof item.id === 'string') ? `a${item.id}` : null;
    const base = id ?? `i${index}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}.${count}`;
  });
}

/** A copy of the source asset with the given texts in place at the top level and in its metadata. */
export function assetWithTexts(source: AssetObject, texts: Partial<Record<AssetTextPart, string>>): AssetObject {
  const copy = structuredClone(source);
  const meta =
    copy.meta_data && typeof copy.meta_data === 'object' ? (copy.meta_data as Record<string, unknown>) : null;
  for (const part of assetTextParts) {
    const text = texts[part];
    if (text === undefined) continue;
    copy[part] = text;
    if (meta) meta[part] = text;
  }
  return copy;
}

/** Where a key of an asset field points: the item of a multiasset (null for a single asset) and which text. */
export function assetKeyPlace(key: string): { item: string | null; part: AssetTextPart } | null {
  const rest = key.split(':').slice(3);
  const part = rest.at(-1) as AssetTextPart;
  if (!assetTextParts.includes(part) || rest.length > 2) return null;
  return { item: rest.length === 2 ? rest[0]! : null, part };
}

/** The image a key of an asset field describes, in the field's value. */
export function assetAt(value: unknown, item: string | null): unknown {
  if (item === null) return value;
  if (!Array.isArray(value)) return undefined;
  const at = assetItemNames(value).indexOf(item);
  return at === -1 ? undefined : value[at];
}

const textsOf = (asset: unknown) => {
  const texts: Partial<Record<AssetTextPart, string>> = {};
  for (const part of assetTextParts) {
    const text = assetText(asset, part);
    if (text !== null) texts[part] = text;
  }
  return texts;
};

/**
 * A language's copy of an asset field with one text of one image changed: the source's images, all of them and
 * in their order, each with the texts the language's copy held for it, so the images themselves never change.
 */
export function assetFieldCopy(
  source: unknown,
  current: unknown,
  place: { item: string | null; part: AssetTextPart },
  text: string,
): unknown {
  const copyOf = (item: unknown, name: string | null) => {
    if (!isAsset(item)) return structuredClone(item);
    const texts = textsOf(assetAt(current, name));
    if (name === place.item) texts[place.part] = text;
    return assetWithTexts(item, texts);
  };
  if (place.item === null) return copyOf(source, null);
  if (!Array.isArray(source)) return source;
  const names = assetItemNames(source);
  return source.map((item, index) => copyOf(item, names[index]!));
}
