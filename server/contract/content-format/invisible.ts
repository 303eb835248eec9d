/**
 * Characters an editor does not show: zero-width spaces and joiners, direction marks and isolates, word joiners,
 * the soft hyphen and the byte-order mark. Real content carries them by the thousand (text pasted from visual
 * editing previews, which hide data in them); they are never a translator's words.
 */
export const INVISIBLE_CHARACTERS = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '');
}

/** Every string of a value (a text, or a richtext document's texts) without invisible characters. */
export function stripInvisibleDeep<T>(value: T): T {
  if (typeof value === 'string') return stripInvisible(value) as T;
  if (Array.isArray(value)) return value.map(stripInvisibleDeep) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, stripInvisibleDeep(item)])) as T;
  }
  return value;
}
