import type { ComponentSpec, TranslatableKind } from './component-schema.ts';
import { canonicalJson, contentHash } from './content-hash.ts';
import { markdownToPlainText } from '#contract/content-format/markdown.ts';
import { embeddedBloks, isBlok, isRichtextDoc, richtextToPlainText } from '#contract/content-format/richtext.ts';
import { seoFieldType, seoTextSubfields } from './seo-fields.ts';
import { assetFieldType, assetImage, assetItemNames, assetText, assetTextParts } from './asset-fields.ts';
import { tableCellFieldType, tableCells } from './table-fields.ts';
import { countWords } from '#contract/content-format/word-count.ts';
import { runAtOnce, type Steps } from '../time-slices.ts';

export interface ExtractedValue {
  value: unknown;
  valueText: string;
}

/** One translatable text of a story, with the translations Storyblok already holds for it. */
export interface ExtractedKey extends ExtractedValue {
  /** `<_uid>:<component>:<field>`, SEO sub-fields `...:<field>:<subfield>`. */
  key: string;
  fieldType: string;
  component: string;
  field: string;
  hash: string;
  wordCount: number;
  /** Order in the story as an editor reads it. */
  position: number;
  /** Locale code to the value found in Storyblok (field-level translation). */
  translations: Record<string, ExtractedValue>;
  /** What a translator sees beside the key: the image an alt text describes, the place of a table cell. */
  detail: KeyDetail | null;
}

export interface KeyDetail {
  image?: string;
  row?: number;
  column?: number;
}

export interface Extraction {
  keys: ExtractedKey[];
  /** Bloks whose component is not in the schema: skipped with everything inside them, counted by component. */
  skippedComponents: Record<string, number>;
}

type Blok = Record<string, unknown> & { _uid: string; component: string };
/** Translated copies of bloks embedded in a richtext value, by locale and then by _uid. */
type EmbeddedTranslations = Map<string, Map<string, Record<string, unknown>>>;

/** Reads a value of a translatable field; null when there is nothing to translate (empty, or not the expected shape). */
function readValue(kind: TranslatableKind, value: unknown): ExtractedValue | null {
  if (kind === 'richtext') {
    if (!isRichtextDoc(value)) return null;
    const valueText = richtextToPlainText(value);
    return valueText === '' && embeddedBloks(value).length === 0 ? null : { value, valueText };
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  return { value, valueText: kind === 'markdown' ? markdownToPlainText(value) : value };
}

/**
 * Turns a story's content into its translatable keys: every field marked translatable, in nested bloks and in
 * bloks embedded in richtext, to any depth; existing `__i18n__<code>` values become the keys' translations.
 */
export function extractKeys(
  content: unknown,
  components: Map<string, ComponentSpec>,
  localeCodes: string[],
): Extraction {
  return runAtOnce(extractKeySteps(content, components, localeCodes));
}

/** The same as steps, with a pause point after every blok: a story of thousands of bloks is read in slices. */
export function* extractKeySteps(
  content: unknown,
  components: Map<string, ComponentSpec>,
  localeCodes: string[],
): Steps<Extraction> {
  const keys: ExtractedKey[] = [];
  const skippedComponents: Record<string, number> = {};

  const add = (
    blok: Blok,
    field: string,
    fieldType: string,
    source: ExtractedValue,
    translations: ExtractedKey['translations'],
    subfield?: string,
    detail: KeyDetail | null = null,
  ) => {
    keys.push({
      key: subfield ? `${blok._uid}:${blok.component}:${field}:${subfield}` : `${blok._uid}:${blok.component}:${field}`,
      detail,
      fieldType,
      component: blok.component,
      field,
      ...source,
      hash: contentHash(source.value),
      wordCount: countWords(source.valueText),
      position: keys.length,
      translations,
    });
  };

  /** A field's translation: on the blok itself, or inside the translated richtext the blok is embedded in. */
  const translatedValue = (blok: Blok, field: string, code: string, embedded: EmbeddedTranslations | null): unknown =>
    embedded ? embedded.get(code)?.get(blok._uid)?.[field] : blok[`${field}__i18n__${code}`];

  function* visit(blok: Blok, embedded: EmbeddedTranslations | null): Steps<void> {
    yield;
    const spec = components.get(blok.component);
    if (!spec) {
      skippedComponents[blok.component] = (skippedComponents[blok.component] ?? 0) + 1;
      return;
    }
    for (const field of spec.order) {
      const raw = blok[field];
      const kind = spec.translatable.get(field);
      if (kind === 'polyblok-seo' || kind === 'seo-metatags') {
        visitSeo(blok, field, kind, raw, embedded);
      } else if (kind === 'asset' || kind === 'multiasset') {
        visitAssets(blok, field, kind, raw, embedded);
      } else if (kind === 'table') {
        visitTable(blok, field, raw, embedded);
      } else if (kind) {
        const source = readValue(kind, raw);
        if (!source) continue;
        const translations: ExtractedKey['translations'] = {};
        for (const code of localeCodes) {
          const translated = readValue(kind, translatedValue(blok, field, code, embedded));
          if (translated && !(kind === 'richtext' && carriesOnlyBloks(source.value, translated.value))) {
            translations[code] = translated;
          }
        }
        add(blok, field, kind, source, translations);
        if (kind === 'richtext') yield* visitEmbedded(blok, field, source.value, embedded);
      } else if (spec.nested.has(field) && Array.isArray(raw)) {
        for (const child of raw) if (isBlok(child)) yield* visit(child, embedded);
      }
    }
  }

  const visitSeo = (
    blok: Blok,
    field: string,
    kind: 'polyblok-seo' | 'seo-metatags',
    raw: unknown,
    embedded: EmbeddedTranslations | null,
  ) => {
    if (!raw || typeof raw !== 'object') return;
    const source = raw as Record<string, unknown>;
    for (const subfield of seoTextSubfields) {
      const value = readValue('text', source[subfield]);
      if (!value) continue;
      const translations: ExtractedKey['translations'] = {};
      for (const code of localeCodes) {
        const translatedObject = translatedValue(blok, field, code, embedded);
        const translated =
          translatedObject && typeof translatedObject === 'object'
            ? readValue('text', (translatedObject as Record<string, unknown>)[subfield])
            : null;
        if (translated) translations[code] = translated;
      }
      add(blok, field, seoFieldType(kind, subfield), value, translations, subfield);
    }
  };

  /** Alt text and title of each image of an asset field, with what the language's copy of the field holds. */
  const visitAssets = (
    blok: Blok,
    field: string,
    kind: 'asset' | 'multiasset',
    raw: unknown,
    embedded: EmbeddedTranslations | null,
  ) => {
    const items = kind === 'asset' ? [raw] : Array.isArray(raw) ? raw : [];
    const names = kind === 'asset' ? [null] : assetItemNames(items);
    const translatedItem = (code: string, index: number): unknown => {
      const translated = translatedValue(blok, field, code, embedded);
      if (kind === 'asset') return translated;
      if (!Array.isArray(translated)) return undefined;
      // The language's copy keeps the source's items in order; an item is found by its name, not its position.
      const at = assetItemNames(translated).indexOf(names[index]!);
      return at === -1 ? undefined : translated[at];
    };
    items.forEach((item, index) => {
      const image = assetImage(item);
      for (const part of assetTextParts) {
        const text = assetText(item, part);
        if (text === null) continue;
        const translations: ExtractedKey['translations'] = {};
        for (const code of localeCodes) {
          const translated = assetText(translatedItem(code, index), part);
          if (translated !== null && translated !== text)
            translations[code] = { value: translated, valueText: translated };
        }
        const subfield = names[index] === null ? part : `${names[index]}:${part}`;
        add(
          blok,
          field,
          assetFieldType(part),
          { value: text, valueText: text },
          translations,
          subfield,
          image ? { image } : null,
        );
      }
    });
  };

  /** Every cell of a table that holds text, with the same cell of the language's copy of the table. */
  const visitTable = (blok: Blok, field: string, raw: unknown, embedded: EmbeddedTranslations | null) => {
    const translatedCells = new Map(
      localeCodes.map((code) => [
        code,
        new Map(tableCells(translatedValue(blok, field, code, embedded)).map((cell) => [cell.name, cell.value])),
      ]),
    );
    for (const cell of tableCells(raw)) {
      const translations: ExtractedKey['translations'] = {};
      for (const code of localeCodes) {
        const translated = translatedCells.get(code)?.get(cell.name);
        if (translated !== undefined && translated !== cell.value)
          translations[code] = { value: translated, valueText: translated };
      }
      add(blok, field, tableCellFieldType, { value: cell.value, valueText: cell.value }, translations, cell.name, {
        row: cell.row,
        column: cell.column,
      });
    }
  };

  /** Bloks inside richtext have no `__i18n__` keys: their translations live in the translated copies of the whole document. */
  function* visitEmbedded(blok: Blok, field: string, doc: unknown, outer: EmbeddedTranslations | null): Steps<void> {
    if (!isRichtextDoc(doc)) return;
    const inner: EmbeddedTranslations = new Map();
    for (const code of localeCodes) {
      const translatedDoc = translatedValue(blok, field, code, outer);
      inner.set(code, bloksByUid(translatedDoc));
    }
    for (const child of embeddedBloks(doc)) if (isBlok(child)) yield* visit(child, inner);
  }

  if (isBlok(content)) yield* visit(content, null);
  return { keys, skippedComponents };
}

/** A richtext document with what its embedded bloks hold left out: its text, marks and structure only. */
function outsideBloks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(outsideBloks);
  if (!node || typeof node !== 'object') return node;
  const { type, attrs, content, ...rest } = node as Record<string, unknown>;
  if (type === 'blok') return { type };
  return { type, attrs, content: outsideBloks(content), ...rest };
}

/**
 * A translated richtext document that is the source's, word for word, and differs only inside its embedded
 * bloks: it carries the bloks' translations (write-back builds such a copy when the text itself has none yet),
 * it is no translation of the text.
 */
function carriesOnlyBloks(source: unknown, translated: unknown): boolean {
  return canonicalJson(outsideBloks(source)) === canonicalJson(outsideBloks(translated));
}

/** Every blok anywhere inside a value (nested fields, richtext, arrays), by _uid. */
function bloksByUid(value: unknown): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      if (isBlok(item)) found.set(item._uid, item);
      stack.push(...Object.values(item));
    }
  }
  return found;
}
