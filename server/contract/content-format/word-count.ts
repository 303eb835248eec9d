/** Scripts written without spaces between words: each character counts as a word, as translation vendors count them. */
const unspacedCharacter = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

export function countWords(text: string): number {
  const unspaced = text.match(unspacedCharacter)?.length ?? 0;
  const spaced = text
    .replace(unspacedCharacter, ' ')
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  return unspaced + spaced;
}
