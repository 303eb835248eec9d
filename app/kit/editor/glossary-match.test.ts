import { describe, expect, it } from 'vitest';
import { splitByGlossary } from './glossary-match.ts';

const term = (translatable: string, case_sensitive = false) => ({ translatable, case_sensitive });

describe('splitByGlossary', () => {
  it('finds whole-word terms, ignoring case unless the term asks for it', () => {
    const pieces = splitByGlossary('Try the weather api, not RAPID. Polyblok!', [
      term('Weather API'),
      term('API'),
      term('polyblok', true),
    ]);
    expect(pieces.filter((p) => p.term).map((p) => p.text)).toEqual(['weather api']);
  });

  it('prefers the longer term where two overlap and keeps every character', () => {
    const text = 'Weather API and API';
    const pieces = splitByGlossary(text, [term('API'), term('Weather API')]);
    expect(pieces.map((p) => [p.text, p.term?.translatable ?? null])).toEqual([
      ['Weather API', 'Weather API'],
      [' and ', null],
      ['API', 'API'],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
  });

  it('gives the text back whole without terms', () => {
    expect(splitByGlossary('Hello', [])).toEqual([{ text: 'Hello' }]);
  });
});
