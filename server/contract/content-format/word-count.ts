import { stripInvisible } from './invisible.ts';

/** Scripts written without spaces between words: each character counts as a word, as translation vendors count them. */
const unspacedCharacter = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

export function countWords(shown: string): number {
  // What a reader sees is counted: invisible characters neither make nor split words.
  const text = stripInvisible(shown);
  const unspaced = text.match(unspacedCharacter)?.length ?? 0;
  const spaced = text
    .replace(unspacedCharacter, ' ')
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  return unspaced + spaced;
}
