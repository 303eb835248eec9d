/**
 * The letter on a user's avatar (spec: first letter of the name, or of the e-mail if no name),
 * upper-cased; whole grapheme, so an accented or emoji first character is not cut in half.
 */
export function profileInitial(name: string | null | undefined, email: string | null | undefined): string {
  const source = name?.trim() || email?.trim() || '';
  const first = firstGrapheme(source);
  return first ? first.toLocaleUpperCase() : '?';
}

function firstGrapheme(text: string): string {
  if (text === '') return '';
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) return segment;
  return '';
}
