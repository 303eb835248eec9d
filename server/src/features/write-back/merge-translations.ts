import { contentHash } from '../../storyblok-content/content-hash.ts';
import { isBlok, isRichtextDoc } from '#contract/content-format/richtext.ts';

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
  /** Keys whose blok is gone or whose source changed in Storyblok since: left alone, the next sync updates them. */
  skipped: string[];
}

type Blok = Record<string, unknown> & { _uid: string; component: string };

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

const seoSubfield = (key: string) => key.split(':')[3];

/**
 * Puts translations into a fresh copy of the story's content as field-level translations (`<field>__i18n__<code>`)
 * and changes nothing else: source values, other languages and bloks stay as Storyblok had them. Richtext goes
 * as a whole document per language, with the translations of the bloks embedded in it put inside it; an SEO
 * plugin value as a whole object per language.
 */
export function mergeTranslations(live: Record<string, unknown>, pending: PendingTranslation[]): MergeResult {
  const content = structuredClone(live);
  const bloks = indexBloks(content, false);
  const written: string[] = [];
  const skipped: string[] = [];
  const byKeyCode = new Map(pending.map((item) => [`${item.key}|${item.code}`, item]));

  for (const item of pending) {
    const uid = item.key.split(':')[0]!;
    const blok = bloks.get(uid);
    if (!blok) {
      // Not a blok of the story itself: embedded in richtext (written with that document), or gone.
      skipped.push(`${item.key}|${item.code}`);
      continue;
    }
    const source = blok[item.field];
    const subfield =
      item.fieldType === 'custom_seo' || item.fieldType.startsWith('special_polyblok_seo_')
        ? seoSubfield(item.key)
        : undefined;
    const liveSource = subfield ? (source as Record<string, unknown> | undefined)?.[subfield] : source;
    if (liveSource === undefined || contentHash(liveSource) !== item.sourceHash) {
      skipped.push(`${item.key}|${item.code}`);
      continue;
    }
    const target = `${item.field}__i18n__${item.code}`;
    if (subfield) {
      const base =
        blok[target] && typeof blok[target] === 'object'
          ? (blok[target] as Record<string, unknown>)
          : (source as Record<string, unknown>);
      blok[target] = { ...base, [subfield]: item.value };
    } else if (isRichtextDoc(item.value)) {
      blok[target] = withEmbeddedTranslations(item.value, item.code, byKeyCode, written);
    } else {
      blok[target] = item.value;
    }
    written.push(`${item.key}|${item.code}`);
  }
  const writtenSet = new Set(written);
  return { content, written, skipped: skipped.filter((entry) => !writtenSet.has(entry)) };
}

/** A translated richtext document with the translations of its embedded bloks' fields put into those bloks. */
function withEmbeddedTranslations(
  doc: unknown,
  code: string,
  byKeyCode: Map<string, PendingTranslation>,
  written: string[],
): unknown {
  const copy = structuredClone(doc);
  for (const blok of indexBloks(copy, true).values()) {
    for (const field of Object.keys(blok)) {
      const translation = byKeyCode.get(`${blok._uid}:${blok.component}:${field}|${code}`);
      if (!translation) continue;
      blok[field] = translation.value;
      written.push(`${translation.key}|${code}`);
    }
  }
  return copy;
}
