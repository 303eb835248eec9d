import { describe, expect, it } from 'vitest';
import { memoryBands, NO_TRIGRAMS, trigramsOf } from './memory-sketch.ts';

const shared = (a: number[], b: number[]) => a.filter((band) => b.includes(band)).length;

/** pg_trgm's similarity: trigrams in common over trigrams of either. */
function similarity(a: string, b: string): number {
  const left = trigramsOf(a);
  const right = trigramsOf(b);
  const common = [...left].filter((trigram) => right.has(trigram)).length;
  return common / (left.size + right.size - common);
}

// A deterministic stream of sentences: words of a fixed vocabulary, some far more common than others.
function sentences(count: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const vocabulary = Array.from({ length: 800 }, (_, index) => `w${(index * 7919).toString(36)}`);
  return Array.from({ length: count }, () =>
    Array.from({ length: 4 + Math.floor(next() * 12) }, () => vocabulary[Math.floor(800 * next() ** 2)]).join(' '),
  );
}

describe('the translation memory sketch', () => {
  it('takes the trigrams pg_trgm takes: words lower-cased without accents, padded', () => {
    expect([...trigramsOf('Café, OK!')].sort()).toEqual(
      ['  c', '  o', ' ca', ' ok', 'afe', 'caf', 'fe ', 'ok '].sort(),
    );
    expect(trigramsOf(' — … ').size).toBe(0);
  });

  it('gives the same text the same bands, and a text without words the mark that it has none', () => {
    expect(memoryBands('Our team')).toEqual(memoryBands('our   TEAM'));
    expect(memoryBands('...')).toEqual([...NO_TRIGRAMS]);
    expect(memoryBands('Our team')).not.toContain(0);
  });

  it('finds almost every pair at least 75 % similar, and few pairs that are not', () => {
    const texts = sentences(400);
    let alike = 0;
    let alikeFound = 0;
    let unlike = 0;
    let unlikeFound = 0;
    for (const text of texts) {
      // A near copy: one word changed, or one added.
      const words = text.split(' ');
      const edited = [...words.slice(0, -1), `${words.at(-1)}s`, ...(words.length % 2 ? ['extra'] : [])].join(' ');
      for (const other of [edited, texts[(texts.indexOf(text) + 1) % texts.length]!]) {
        const found = shared(memoryBands(text), memoryBands(other)) > 0;
        if (similarity(text, other) >= 0.75) {
          alike++;
          if (found) alikeFound++;
        } else if (similarity(text, other) < 0.4) {
          unlike++;
          if (found) unlikeFound++;
        }
      }
    }
    expect(alike).toBeGreaterThan(100);
    expect(alikeFound / alike).toBeGreaterThan(0.97);
    expect(unlike).toBeGreaterThan(100);
    expect(unlikeFound / unlike).toBeLessThan(0.2);
  });
});
