import type { AiItem } from '../../adapters/openai/ai-translator.ts';
import { formatQuantity } from '#contract/quantity.ts';
import { protectMarkdown } from '#contract/content-format/markdown-segments.ts';
import { stripInvisibleDeep } from '#contract/content-format/invisible.ts';
import { isRichtextDoc } from '#contract/content-format/richtext.ts';
import { DATASOURCE_ENTRY_FIELD_TYPE, keyPath } from '#contract/content-format/key-naming.ts';
import { SLUG_FIELD_TYPE, slugify } from '#contract/slug-rules.ts';
import { segmentRichtext } from '#contract/content-format/richtext-segments.ts';

export interface KeyToTranslate {
  /** Unique in one model request batch. */
  ref: string;
  fieldType: string;
  component: string;
  field: string;
  key: string;
  value: unknown;
}

/** How a key's answer is turned back into a value for its field, or the reason it cannot be. */
export type Assemble = (
  translations: Map<string, string>,
  failures: Map<string, string>,
) => { value: unknown } | { error: string };

export interface PreparedKey {
  items: AiItem[];
  assemble: Assemble;
}

/**
 * Where the text sits, as the editor names it: tells the model an alt text, a title or a table cell from a
 * headline. A datasource entry is a label the site shows (a menu item, a category, a form option) named by its key.
 */
const context = (key: KeyToTranslate) =>
  key.fieldType === DATASOURCE_ENTRY_FIELD_TYPE
    ? `a label of the site's “${key.component}” list (menus, categories, options), entry ${key.field}`
    : keyPath({ key: key.key, component: key.component, field: key.field, field_type: key.fieldType });

/** An image's text in rich text, named for the model: an alt text is read out by screen readers. */
const imageTextName = (kind: string) => (kind === 'image_alt' ? 'image alt text' : 'image title');

/**
 * A key as the model sees it and its answer as it is stored: without invisible characters either way, so none
 * is sent, charged or copied into a translation (see prepareVisible for the items). `examples`: the team's
 * verified translations of alike sources, which the model follows.
 */
export function prepareKey(key: KeyToTranslate, examples: NonNullable<AiItem['examples']> = []): PreparedKey {
  const prepared = prepareVisible({ ...key, value: stripInvisibleDeep(key.value) });
  // A richtext key goes block by block with markers; its memory is whole texts, so it has no examples to give.
  const items =
    examples.length > 0 && prepared.items.length === 1 && prepared.items[0]!.format !== 'richtext'
      ? [{ ...prepared.items[0]!, examples }]
      : prepared.items;
  return {
    items,
    assemble: (translations, failures) => {
      const outcome = prepared.assemble(translations, failures);
      return 'error' in outcome ? outcome : { value: stripInvisibleDeep(outcome.value) };
    },
  };
}

/**
 * The model items of one key: richtext block by block (with markers for marks, links and inline nodes),
 * Markdown as one text with its links and code protected, everything else as one text.
 */
function prepareVisible(key: KeyToTranslate): PreparedKey {
  const where = context(key);
  if (key.fieldType === 'richtext' && isRichtextDoc(key.value)) {
    const segments = segmentRichtext(key.value);
    const ids = new Map(segments.segments.map((segment) => [`${key.ref}.${segment.id}`, segment.id]));
    return {
      items: segments.segments.map((segment) => ({
        id: `${key.ref}.${segment.id}`,
        text: segment.text,
        context: segment.kind.startsWith('image_') ? `${where} › ${imageTextName(segment.kind)}` : where,
        format: 'richtext',
      })),
      assemble: (translations, failures) => {
        const failed = [...ids.keys()].filter((id) => failures.has(id) || !translations.has(id));
        if (failed.length > 0)
          return {
            error: `${formatQuantity(failed.length, 'block', 'blocks')} could not be translated: ${failures.get(failed[0]!) ?? 'no answer'}`,
          };
        const answers = new Map([...ids].map(([itemId, segmentId]) => [segmentId, translations.get(itemId)!]));
        const rebuilt = segments.rebuild(answers);
        return rebuilt.failed.length > 0
          ? { error: 'the formatting of the answer did not match the source' }
          : { value: rebuilt.doc };
      },
    };
  }
  if (key.fieldType === 'markdown' && typeof key.value === 'string') {
    const protectedText = protectMarkdown(key.value);
    return {
      items: [{ id: key.ref, text: protectedText.text, context: where, format: 'markdown' }],
      assemble: (translations, failures) => {
        const answer = translations.get(key.ref);
        if (answer === undefined) return { error: failures.get(key.ref) ?? 'no answer' };
        const restored = protectedText.restore(answer);
        return 'error' in restored ? { error: restored.error } : { value: restored.markdown };
      },
    };
  }
  const text = typeof key.value === 'string' ? key.value : '';
  if (key.fieldType === SLUG_FIELD_TYPE) return prepareSlug(key.ref, text, where);
  return {
    items: [{ id: key.ref, text, context: where, format: 'text' }],
    assemble: (translations, failures) => {
      const answer = translations.get(key.ref);
      return answer === undefined ? { error: failures.get(key.ref) ?? 'no answer' } : { value: answer };
    },
  };
}

/**
 * A slug goes to the model as words (`about-us` as "about us") with the page address as its context, and its
 * answer comes back as a slug: lowercase, accents dropped, dashes between words.
 */
function prepareSlug(ref: string, slug: string, where: string): PreparedKey {
  return {
    items: [
      {
        id: ref,
        text: slug.replace(/-/g, ' '),
        context: `${where} (the page's address in this language: a few words, lowercase letters, digits and dashes)`,
        format: 'text',
      },
    ],
    assemble: (translations, failures) => {
      const answer = translations.get(ref);
      if (answer === undefined) return { error: failures.get(ref) ?? 'no answer' };
      const value = slugify(answer);
      return value === '' ? { error: 'the answer has no letters or digits a slug can take' } : { value };
    },
  };
}
