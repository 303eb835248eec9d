import { sameSeoValues, seoPluginName, seoTextFields, validateSeoContent, type SeoContent } from './seo-content.ts';

/** The default language has no code in Storyblok content; the library reports it as `default`. */
export const DEFAULT_LANGUAGE = 'default';

const TRANSLATION_MARK = '__i18n__';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The blok with this `_uid` anywhere in the content: nested bloks, richtext, any depth. */
export function findBlok(content: unknown, uid: string): Record<string, unknown> | null {
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (isRecord(item)) {
      if (item._uid === uid && typeof item.component === 'string') return item;
      stack.push(...Object.values(item));
    }
  }
  return null;
}

/** A value this plugin could have written: tagged with its name, or an untagged object of SEO texts. */
function looksLikeSeoValue(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (value.plugin === seoPluginName) return true;
  return value.plugin === undefined && seoTextFields.some((field) => typeof value[field] === 'string');
}

/**
 * The default-language value of the SEO field being edited in a translation. With field-level
 * translation the blok holds the field twice: `<field>` (default language) and
 * `<field>__i18n__<language>`, the value the plugin got. The plugin is not told its field name, so it
 * is found from the blok: the field whose translation equals the value being edited, or else the only
 * SEO field of the blok. Null when the blok cannot be found or several fields could be the one.
 */
export function defaultLanguageValue(
  storyContent: unknown,
  blockUid: string | undefined,
  language: string,
  current: SeoContent,
): SeoContent | null {
  if (!blockUid || language === DEFAULT_LANGUAGE) return null;
  const blok = findBlok(storyContent, blockUid);
  if (!blok) return null;

  const candidates = Object.keys(blok).filter((key) => !key.includes(TRANSLATION_MARK) && looksLikeSeoValue(blok[key]));
  const matching = candidates.filter((key) => {
    const translated = blok[`${key}${TRANSLATION_MARK}${language}`];
    return translated !== undefined && sameSeoValues(validateSeoContent(translated).content, current);
  });
  const field = matching.length === 1 ? matching[0] : candidates.length === 1 ? candidates[0] : undefined;
  return field === undefined ? null : validateSeoContent(blok[field]).content;
}
