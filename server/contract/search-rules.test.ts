import { describe, expect, it } from 'vitest';
import { keyStatuses } from './content.ts';
import { contentSearchQuerySchema } from './content-search.ts';
import { findHits, foldText, searchStatuses } from './search-rules.ts';

const hitsIn = (text: string, words: string) => findHits(text, words).map(([start, end]) => text.slice(start, end));

describe('search rules', () => {
  it('filter by the story detail’s key statuses and by outdated', () => {
    expect(searchStatuses).toEqual([...keyStatuses, 'outdated', 'qa_problem']);
  });

  it('fold case and accents as the database does', () => {
    expect(foldText('Café CAFÉ cafe')).toBe('cafe cafe cafe');
    expect(foldText('Ünïcödé Straße Ærø')).toBe('unicode strasse aero');
  });

  it('find every hit in the text as it is written', () => {
    expect(hitsIn('Le Café, le CAFÉ et le cafe', 'café')).toEqual(['Café', 'CAFÉ', 'cafe']);
    expect(hitsIn('Große Straße', 'strasse')).toEqual(['Straße']);
    expect(hitsIn('Große Straße', 'stras')).toEqual(['Straß']);
    expect(hitsIn('cafe\u0301 au lait', 'cafe')).toEqual(['cafe\u0301']);
    expect(hitsIn('nothing here', 'café')).toEqual([]);
    expect(hitsIn('anything', '   ')).toEqual([]);
  });
});

describe('the search query', () => {
  const parse = (query: Record<string, string>) =>
    contentSearchQuerySchema.safeParse({ space_id: '1', locale: 'de', ...query });

  it('needs words or a status, and trims the words', () => {
    expect(parse({ q: '  café ' })).toMatchObject({ success: true, data: { q: 'café' } });
    expect(parse({ status: 'outdated' })).toMatchObject({ success: true, data: { status: 'outdated' } });
    expect(parse({ q: '   ' }).success).toBe(false);
    expect(parse({}).success).toBe(false);
  });

  it('refuses an unknown status and words too long', () => {
    expect(parse({ status: 'done' }).success).toBe(false);
    expect(parse({ q: 'x'.repeat(200) }).success).toBe(true);
    expect(parse({ q: 'x'.repeat(201) }).success).toBe(false);
  });
});
