import { contentHash } from '../../storyblok-content/content-hash.ts';
import { isBlok, isRichtextDoc } from '#contract/content-format/richtext.ts';
import { fieldWithTranslation, isPartOfField, liveSourceOf } from './field-copies.ts';

/** One translation to put into the story: the key, its locale code, the source hash it was made for. */
export interface PendingTranslation {
  key: string;
  field: string;
  fieldType: string;
  code: string;
  /** The source hash of the key when the translation was made; a different live source is not overwritten. */
  sourceHash: string;
  value: unknown;
}

export interface MergeResult {
  content: Record<string, unknown>;
  /** Keys written, as `<key>|<code>`. */
  written: string[];
  /** Keys left alone, the next sync updates them: their blok is gone, or their source changed in Storyblok. */
  skipped: string[];
  /** The skipped keys whose source changed in Storyblok since the translation was made. */
  sourceChanged: string[];
}

type Blok = Record<string, unknown> & { _uid: string; component: string };

/** Where a blok embedded in richtext sits: the story's blok and its richtext field holding it, and the blok. */
interface EmbeddedPlace {
  host: Blok;
  field: string;
  blok: Blok;
}

const entryOf = (item: Pick<PendingTranslation, 'key' | 'code'>) => `${item.key}|${item.code}`;
/** The blok and field a key belongs to, with its language: `<uid>:<component>:<field>|<code>`. */
const fieldEntryOf = (item: Pick<PendingTranslation, 'key' | 'code'>) =>
  `${item.key.split(':').slice(0, 3).join(':')}|${item.code}`;

/**
 * Bloks by _uid. With `intoRichtext` false, bloks embedded in richtext are left out: their translations live
 * inside the translated copy of the document, not on the bloks of the source document.
 */
function indexBloks(content: unknown, intoRichtext: boolean): Map<string, Blok> {
  const found = new Map<string, Blok>();
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      if (!intoRichtext && isRichtextDoc(item)) continue;
      if (isBlok(item) && !found.has(item._uid)) found.set(item._uid, item);
      stack.push(...Object.values(item));
    }
  }
  return found;
}

/** The bloks embedded in the source richtext fields of the story's bloks, by _uid. */
function indexEmbedded(bloks: Map<string, Blok>): Map<string, EmbeddedPlace> {
  const found = new Map<string, EmbeddedPlace>();
  for (const host of bloks.values()) {
    for (const [field, value] of Object.entries(host)) {
      if (field.includes('__i18n__') || !isRichtextDoc(value)) continue;
      for (const blok of indexBloks(value, true).values()) {
        if (!found.has(blok._uid)) found.set(blok._uid, { host, field, blok });
      }
    }
  }
  return found;
}

/**
 * Puts translations into a fresh copy of the story's content as field-level translations (`<field>__i18n__<code>`)
 * and changes nothing else: source values, other languages and bloks stay as Storyblok had them. Richtext goes
 * as a whole document per language, with the translations of the bloks embedded in it put inside it; an SEO
 * plugin value, an asset field and a table as a whole copy per language (see field-copies.ts). A translation is never written over a source that changed.
 */
export function mergeTranslations(live: Record<string, unknown>, pending: PendingTranslation[]): MergeResult {
  const content = structuredClone(live);
  const bloks = indexBloks(content, false);
  const embedded = indexEmbedded(bloks);
  const written = new Set<string>();
  const sourceChanged = new Set<string>();
  const sourceMatches = (item: PendingTranslation, liveSource: unknown) => {
    const same = liveSource !== undefined && contentHash(liveSource) === item.sourceHash;
    if (!same) sourceChanged.add(entryOf(item));
    return same;
  };
  const byField = new Map<string, PendingTranslation[]>();
  for (const item of pending) {
    const entry = fieldEntryOf(item);
    const items = byField.get(entry);
    if (items) items.push(item);
    else byField.set(entry, [item]);
  }
  /** A translated richtext document with the translations of its embedded bloks' fields put into those bloks. */
  const withEmbeddedTranslations = (doc: unknown, code: string): unknown => {
    const copy = structuredClone(doc);
    for (const blok of indexBloks(copy, true).values()) {
      const source = embedded.get(blok._uid)?.blok;
      for (const field of Object.keys(blok)) {
        for (const translation of byField.get(`${blok._uid}:${blok.component}:${field}|${code}`) ?? []) {
          if (!source || !sourceMatches(translation, liveSourceOf(translation, source[field]))) continue;
          blok[field] = fieldWithTranslation(translation, source[field], blok[field], translation.value);
          written.add(entryOf(translation));
        }
      }
    }
    return copy;
  };

  for (const item of pending) {
    const blok = bloks.get(item.key.split(':')[0]!);
    // Not a blok of the story itself: embedded in richtext (written with that document, below), or gone.
    if (!blok) continue;
    const source = blok[item.field];
    if (!sourceMatches(item, liveSourceOf(item, source))) continue;
    const target = `${item.field}__i18n__${item.code}`;
    if (isPartOfField(item.fieldType)) {
      blok[target] = fieldWithTranslation(item, source, blok[target], item.value);
    } else if (isRichtextDoc(item.value)) {
      blok[target] = withEmbeddedTranslations(item.value, item.code);
    } else {
      blok[target] = item.value;
    }
    written.add(entryOf(item));
  }

  // Embedded bloks whose richtext has no translation in their language: their translations go into a translated
  // copy of that document, built from the one Storyblok holds for the language, or else from the source. A reader
  // of that language sees the source text either way, now with the embedded bloks translated.
  for (const item of pending) {
    const place = embedded.get(item.key.split(':')[0]!);
    if (!place || written.has(entryOf(item)) || sourceChanged.has(entryOf(item))) continue;
    const target = `${place.field}__i18n__${item.code}`;
    if (written.has(`${place.host._uid}:${place.host.component}:${place.field}|${item.code}`)) continue;
    const base = isRichtextDoc(place.host[target]) ? place.host[target] : place.host[place.field];
    const before = written.size;
    const translated = withEmbeddedTranslations(base, item.code);
    if (written.size > before) place.host[target] = translated;
  }

  const skipped = pending.map(entryOf).filter((entry) => !written.has(entry));
  return {
    content,
    written: [...written],
    skipped,
    sourceChanged: skipped.filter((entry) => sourceChanged.has(entry)),
  };
}
