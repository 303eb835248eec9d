/**
 * PostgreSQL cannot hold every text Storyblok can: a NUL character is refused in text and jsonb, and a lone
 * surrogate (half of an emoji, left by a cut) is refused in jsonb and silently garbled in text. Real content
 * carries both, pasted from elsewhere. Polyblok stores such text in a form PostgreSQL holds and gives it back
 * unchanged on the way to Storyblok:
 * - NUL becomes the visible symbol for null, "␀" (U+2400), which is also how a translator sees it;
 * - a lone surrogate U+D800+n becomes the escape character followed by U+E001+n;
 * - a "␀" or an escape character that really is in the text goes behind the escape character (U+E000, private
 *   use), so that the mapping loses nothing.
 */
const NUL = 0x0000;
const NUL_SYMBOL = '\u2400';
const ESCAPE = '\ue000';
const SURROGATES = 0xd800;
const SURROGATE_CODES = 0xe001;

// The NUL is what this module is about: matching it is the point.
// eslint-disable-next-line no-control-regex
const needsEncoding = /[\u0000\u2400\ue000]|\p{Surrogate}/u;
const needsDecoding = /[\u2400\ue000]/;

/** The two characters whose presence means a stored text differs from the text Storyblok holds. */
export const STORED_FORM_MARKS = [NUL_SYMBOL, ESCAPE] as const;

export function toStorableText(text: string): string {
  if (!needsEncoding.test(text)) return text;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === NUL) out += NUL_SYMBOL;
    else if (char === NUL_SYMBOL || char === ESCAPE) out += ESCAPE + char;
    else if (code >= SURROGATES && code <= 0xdfff)
      out += ESCAPE + String.fromCharCode(SURROGATE_CODES + code - SURROGATES);
    else out += char;
  }
  return out;
}

export function fromStorableText(text: string): string {
  if (!needsDecoding.test(text)) return text;
  let out = '';
  let escaped = false;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (escaped) {
      escaped = false;
      out +=
        code >= SURROGATE_CODES && code <= SURROGATE_CODES + 0x7ff
          ? String.fromCharCode(SURROGATES + code - SURROGATE_CODES)
          : char;
    } else if (char === ESCAPE) escaped = true;
    else out += char === NUL_SYMBOL ? '\u0000' : char;
  }
  return out;
}

/** The same for every string of a JSON value, field names included. A value with nothing to change is returned as it is. */
export function toStorable<T>(value: T): T {
  return hasString(value, needsEncoding) ? (mapStrings(value, toStorableText) as T) : value;
}

export function fromStorable<T>(value: T): T {
  return hasString(value, needsDecoding) ? (mapStrings(value, fromStorableText) as T) : value;
}

function hasString(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return pattern.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasString(item, pattern));
  return Object.entries(value).some(([key, child]) => pattern.test(key) || hasString(child, pattern));
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [map(key), mapStrings(child, map)]));
}
