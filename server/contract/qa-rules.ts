import { INVISIBLE_CHARACTERS as INVISIBLE, stripInvisible } from './content-format/invisible.ts';

// Checks of a translation against its source, the same on the server (story detail, save answer) and in the
// browser: what a reviewer would otherwise catch by eye. Each finding has a code and a sentence for a person.

export type QaCode =
  | 'placeholder_missing'
  | 'placeholder_extra'
  | 'markup_mismatch'
  | 'number_mismatch'
  | 'url_changed'
  | 'too_long'
  | 'glossary_term_missing'
  | 'whitespace'
  | 'invisible_characters'
  | 'style_avoided_term';

export const QA_CODES: readonly QaCode[] = [
  'placeholder_missing',
  'placeholder_extra',
  'markup_mismatch',
  'number_mismatch',
  'url_changed',
  'too_long',
  'glossary_term_missing',
  'whitespace',
  'invisible_characters',
  'style_avoided_term',
];

export interface QaProblem {
  code: QaCode;
  message: string;
}

export interface QaSubject {
  fieldType: string;
  /** The source and translation as stored: strings, or richtext documents. */
  source: unknown;
  translation: unknown;
  /** Their plain text (a richtext document's text without its formatting). */
  sourceText: string;
  translationText: string;
  /** Glossary terms found in the source with the translation they must have, as the glossary check found them. */
  glossaryMissing?: ReadonlyArray<{ term: string; expected: string }>;
  /** Words and phrases the language's style guide says to avoid. */
  avoid?: readonly string[];
  /** The most characters the field takes (its component schema's max_length), when it has a limit. */
  maxLength?: number | null;
}

/** Whether the text uses the word or phrase as a whole word (any case), not inside a longer word. */
function usesWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

const PLACEHOLDERS = [
  /\{\{\s*[\w.-]+\s*\}\}/g, // {{name}}
  /(?<!\{)\{[\w.-]+\}(?!\})/g, // {name}
  /%(?:\d+\$)?[sdifu@]/g, // %s, %1$s
  /(?<=^|[\s(["'])(:[a-zA-Z_]\w*)\b/g, // :name
];

const URLS = /\bhttps?:\/\/[^\s<>"'()[\]]+[^\s<>"'()[\].,;:!?]/g;

/** Digits with their group and decimal separators, which languages write differently (1,000.5 and 1.000,5). */
const NUMBERS = /\d+(?:[.,\u00a0\u202f ]\d+)*/g;

const HTML_TAGS = /<\/?([a-zA-Z][\w-]*)\b[^<>]*>/g;
const MARKDOWN_LINKS = /\[[^\]\n]*\]\([^)\s]+\)/g;
const MARKDOWN_STRONG = /\*\*|__/g;

function all(text: string, pattern: RegExp, group = 0): string[] {
  return [...text.matchAll(pattern)].map((match) => match[group] ?? match[0]);
}

/** What one list has more of than the other, counting repeats. */
function surplus(of: string[], over: string[]): string[] {
  const left = new Map<string, number>();
  for (const item of over) left.set(item, (left.get(item) ?? 0) + 1);
  const extra: string[] = [];
  for (const item of of) {
    const count = left.get(item) ?? 0;
    if (count > 0) left.set(item, count - 1);
    else extra.push(item);
  }
  return extra;
}

const quoted = (items: string[]) => [...new Set(items)].map((item) => `“${item}”`).join(', ');

function placeholders(text: string): string[] {
  return PLACEHOLDERS.flatMap((pattern) => all(text, pattern));
}

/** The marks and embedded bloks of a richtext document, each as a name (links with their address). */
function richtextMarkup(doc: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { type, marks, content, attrs } = node as {
      type?: unknown;
      marks?: Array<{ type?: unknown; attrs?: { href?: unknown } }>;
      content?: unknown[];
      attrs?: { body?: unknown[] };
    };
    if (type === 'blok') found.push(`blok×${Array.isArray(attrs?.body) ? attrs.body.length : 1}`);
    for (const mark of marks ?? []) {
      found.push(mark.type === 'link' ? `link ${String(mark.attrs?.href ?? '')}` : String(mark.type));
    }
    for (const child of content ?? []) walk(child);
  };
  walk(doc);
  return found;
}

function textMarkup(text: string): string[] {
  return [
    ...all(text, HTML_TAGS).map((tag) => tag.replace(/\s.*?(\/?)>$/s, '$1>').toLowerCase()),
    ...all(text, MARKDOWN_LINKS).map((link) => `link ${link.slice(link.lastIndexOf('](') + 2, -1)}`),
    ...all(text, MARKDOWN_STRONG).map(() => 'strong'),
  ];
}

function markup(fieldType: string, value: unknown, text: string): string[] {
  if (fieldType === 'richtext') return richtextMarkup(value);
  return textMarkup(typeof value === 'string' ? value : text);
}

/** Numbers as digits only, outside addresses and placeholders (whose digits are checked on their own). */
function numbers(text: string): string[] {
  const bare = PLACEHOLDERS.reduce((rest, pattern) => rest.replace(pattern, ' '), text.replace(URLS, ' '));
  return all(bare, NUMBERS).map((number) => number.replace(/\D/g, ''));
}

function whitespace(source: string, translation: string): string | null {
  if (/^\s/.test(translation) && !/^\s/.test(source)) return 'The translation starts with a space the source does not.';
  if (/\s$/.test(translation) && !/\s$/.test(source)) return 'The translation ends with a space the source does not.';
  if (/\S {2,}\S/.test(translation) && !/\S {2,}\S/.test(source))
    return 'The translation has a double space between words.';
  return null;
}

/** Every problem found in a translation against its source; none for a key without a translation. */
export function checkTranslation(subject: QaSubject): QaProblem[] {
  const { sourceText, translationText } = subject;
  if (translationText.trim() === '') return [];
  const problems: QaProblem[] = [];
  const add = (code: QaCode, message: string) => problems.push({ code, message });

  const invisible = translationText.match(INVISIBLE) ?? [];
  if (invisible.length > 0) {
    const codes = [...new Set(invisible)].map(
      (char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    );
    add(
      'invisible_characters',
      `The translation holds ${invisible.length} invisible character(s) (${codes.join(', ')}).`,
    );
  }
  const visibleSource = stripInvisible(sourceText);
  const visibleTranslation = stripInvisible(translationText);

  const sourcePlaceholders = placeholders(visibleSource);
  const translationPlaceholders = placeholders(visibleTranslation);
  const missing = surplus(sourcePlaceholders, translationPlaceholders);
  const extra = surplus(translationPlaceholders, sourcePlaceholders);
  if (missing.length > 0) add('placeholder_missing', `The translation lacks the placeholder ${quoted(missing)}.`);
  if (extra.length > 0)
    add('placeholder_extra', `The translation has the placeholder ${quoted(extra)}, which the source does not.`);

  const sourceMarkup = markup(subject.fieldType, subject.source, visibleSource);
  const translationMarkup = markup(subject.fieldType, subject.translation, visibleTranslation);
  const lostMarkup = surplus(sourceMarkup, translationMarkup);
  const addedMarkup = surplus(translationMarkup, sourceMarkup);
  if (lostMarkup.length > 0 || addedMarkup.length > 0) {
    const parts = [
      lostMarkup.length > 0 ? `lacks ${quoted(lostMarkup)}` : null,
      addedMarkup.length > 0 ? `adds ${quoted(addedMarkup)}` : null,
    ].filter(Boolean);
    add('markup_mismatch', `The formatting differs from the source: the translation ${parts.join(' and ')}.`);
  }

  const sourceUrls = all(visibleSource, URLS);
  const translationUrls = all(visibleTranslation, URLS);
  const changedUrls = surplus(sourceUrls, translationUrls);
  if (changedUrls.length > 0)
    add('url_changed', `The address ${quoted(changedUrls)} is not in the translation as it is in the source.`);

  const sourceNumbers = numbers(visibleSource);
  const translationNumbers = numbers(visibleTranslation);
  const lostNumbers = surplus(sourceNumbers, translationNumbers);
  const addedNumbers = surplus(translationNumbers, sourceNumbers);
  if (lostNumbers.length > 0)
    add('number_mismatch', `The translation lacks the number ${quoted(lostNumbers)} of the source.`);
  else if (addedNumbers.length > 0)
    add('number_mismatch', `The translation has the number ${quoted(addedNumbers)}, which the source does not.`);

  for (const gap of subject.glossaryMissing ?? []) {
    add('glossary_term_missing', `“${gap.term}” should be translated as “${gap.expected}”.`);
  }

  // Counted as Storyblok's editor counts a field's characters.
  if (subject.maxLength && visibleTranslation.length > subject.maxLength) {
    add(
      'too_long',
      `The translation has ${visibleTranslation.length} characters; the field takes at most ${subject.maxLength}.`,
    );
  }

  for (const word of subject.avoid ?? []) {
    if (usesWord(visibleTranslation, word))
      add('style_avoided_term', `The translation uses “${word}”, which the style guide says to avoid.`);
  }

  const spacing = whitespace(visibleSource, visibleTranslation);
  if (spacing) add('whitespace', spacing);
  return problems;
}
