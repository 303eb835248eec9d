import type { ComponentRecord, Content } from './types.ts';

export const i18nSeparator = '__i18n__';
const i18nKey = /^(.+)__i18n__(.+)$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An empty translation counts as missing, so the reader falls back like an untranslated field. [UNCONFIRMED] */
function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function walk(value: unknown, visit: (obj: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, visit));
  if (!isPlainObject(value)) return value;
  const visited = visit(value);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(visited)) out[key] = walk(child, visit);
  return out;
}

/**
 * What the CDN does with `language`: each field takes its `__i18n__<language>` value when there is one, else
 * the `fallback_lang` value, else keeps the default-language value; the `__i18n__` keys disappear.
 */
export function resolveLanguage(
  content: Content,
  language: string | null,
  fallback: string | null,
  keepRawKeys: boolean,
): Content {
  return walk(content, (obj) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (i18nKey.test(key)) {
        if (keepRawKeys && !language) out[key] = value;
        continue;
      }
      const translated = language ? obj[`${key}${i18nSeparator}${language}`] : undefined;
      const fallbackValue = fallback ? obj[`${key}${i18nSeparator}${fallback}`] : undefined;
      out[key] = hasValue(translated) ? translated : hasValue(fallbackValue) ? fallbackValue : value;
    }
    return out;
  }) as Content;
}

/**
 * The 'drop' policy of `FakeStoryblokBehaviour.i18nWrites`: removes translation keys for a language the space
 * does not have, or on a field its component does not mark translatable. Bloks of a component missing from
 * components.json keep their keys: without a schema there is nothing to judge by.
 */
export function dropUntranslatableKeys(
  content: Content,
  languageCodes: ReadonlySet<string>,
  components: ReadonlyMap<string, ComponentRecord>,
): Content {
  return walk(content, (obj) => {
    const component = typeof obj.component === 'string' ? components.get(obj.component) : undefined;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      const match = i18nKey.exec(key);
      if (match) {
        const [, field = '', code = ''] = match;
        if (!languageCodes.has(code)) continue;
        if (component && component.schema[field]?.translatable !== true) continue;
      }
      out[key] = value;
    }
    return out;
  }) as Content;
}

/** Whether any blok in the tree is of the given component (the MAPI `contain_component` filter). */
export function containsComponent(content: unknown, name: string): boolean {
  if (Array.isArray(content)) return content.some((item) => containsComponent(item, name));
  if (!isPlainObject(content)) return false;
  if (content.component === name) return true;
  return Object.values(content).some((child) => containsComponent(child, name));
}
